// A second front door of @cimiento/domain, for the server only: Chile's holidays come from the
// `date-holidays` data (every country's), which the web bundle must not carry. The web receives
// the holiday list from the server and builds its WorkingCalendar with it.
export type { NamedHoliday } from './gantt/chile-holidays';
export { chileHolidays, chileHolidaysNamed, easterSunday } from './gantt/chile-holidays';
