import { defineSection } from '../../app/route-section';

/** FBA (spec section 2): not built yet (docs/not-built.md). */
export const routes = defineSection('/fba', [['first_trip', '头程发货']], { permission: 'fba.use' });
