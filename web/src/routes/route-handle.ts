/** The title travels on the route match, so the shell's breadcrumbs and the page read the same text. */
export interface RouteHandle {
  title: string;
}
