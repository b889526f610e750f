/** @svar-ui/core-locales ships plain JavaScript; the parts the Gantt's Spanish texts use. */
declare module '@svar-ui/core-locales' {
  type SvarLocale = {
    lang: string;
    core: Record<string, string>;
    calendar: Record<string, unknown> & { weekStart: number };
    formats: Record<string, string>;
  };
  export const es: SvarLocale;
  export const en: SvarLocale;
}
