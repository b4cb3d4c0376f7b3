import type { FrameRoute } from './route-section';

export { type FrameRoute, routeName, type ScreenLoader } from './route-section';

/**
 * Every section's routes file (`features/<section>/<section>.routes.ts`, exporting
 * `routes`), found by Vite at build time: a new section or screen edits no central list.
 */
const sectionFiles = import.meta.glob<{ routes: FrameRoute[] }>('../features/*/*.routes.ts', { eager: true });

/** Every route inside the frame (spec section 2), all needing sign-in and cached unless noted. */
export const FRAME_ROUTES: FrameRoute[] = Object.keys(sectionFiles)
  .sort()
  .flatMap((file) => sectionFiles[file]!.routes);

/** Routes that show the not-built page (docs/not-built.md lists them). */
export const NOT_BUILT_ROUTES = FRAME_ROUTES.filter((r) => !r.load);
