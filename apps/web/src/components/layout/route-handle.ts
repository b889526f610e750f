import type { Catalogue } from '@/lib/i18n/catalogue';

/** What each route tells the shell: its title (navbar, breadcrumbs) and the crumb above it. */
export type RouteHandle = {
  titleKey: keyof Catalogue['pages'];
  parent?: { labelKey: keyof Catalogue['nav']; to?: string };
  /** A project route (/projects/:id/…): the project's name is a crumb between the parent and the title. */
  isProjectRoute?: boolean;
  /**
   * The screen is exactly as tall as the window on medium and larger screens (the shell makes
   * <main> a flex column, and the screen's PagePanel fills it): its own panels scroll, the page does
   * not (the EDC screen, the Gantt).
   */
  isFullHeight?: boolean;
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value && typeof value.titleKey === 'string';
}
