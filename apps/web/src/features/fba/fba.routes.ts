import { defineSection, screen } from '../../app/route-section';

/** FBA (spec section 2): 头程发货 (docs/fba.md). */
export const routes = defineSection(
  '/fba',
  [
    [
      'first_trip',
      '头程发货',
      {
        load: screen(
          () => import('./first-trip/first-trip-page'),
          (m) => m.FirstTripPage,
        ),
      },
    ],
  ],
  { permission: 'fba.use' },
);
