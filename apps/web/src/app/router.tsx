import { useState } from 'react';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { RouteHandle } from '@/components/layout/route-handle';
import { GlobalSpinner } from '@/components/ui/global-spinner';
import { loadShell } from '@/components/layout/lazy-app-shell';
import { loadScreenTexts } from '@/lib/i18n/i18n';
import { RootRoute, isSignedOutPath } from './routes/root';
import { RouteError } from './routes/route-error';

function handle(value: RouteHandle): RouteHandle {
  return value;
}

/**
 * A screen that another route draws too, as a screen of its own: going from one of those routes to
 * the other starts it afresh, as going to another screen does, instead of keeping its state.
 */
function screenOf(Screen: ComponentType, key: string): Pick<RouteObject, 'element'> {
  return { element: <Screen key={key} /> };
}

const projectsCrumb = { labelKey: 'projects', to: '/projects' } as const;
const administrationCrumb = { labelKey: 'administration' } as const;
const usersCrumb = { labelKey: 'users', to: '/usuarios/list' } as const;

/**
 * The spec's route table (product-spec.md §2). Every screen is its own lazily loaded chunk, so
 * /login never loads the tables, the pickers or the Gantt.
 */
const allRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    errorElement: <RouteError />,
    // the first screen's chunk is loading
    hydrateFallbackElement: <GlobalSpinner isOpen />,
    children: [
      // a loader redirect is part of the navigation itself, so it cannot be cut short by another one
      { index: true, loader: () => redirect('/home') },
      {
        path: 'login',
        handle: handle({ titleKey: 'login' }),
        lazy: async () => ({ Component: (await import('@/features/auth/components/login-screen')).LoginScreen }),
      },
      {
        path: 'home',
        handle: handle({ titleKey: 'home' }),
        lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
      },
      {
        path: 'projects',
        handle: handle({ titleKey: 'projects' }),
        lazy: async () => ({ Component: (await import('@/features/projects/components/projects-list')).ProjectsList }),
      },
      {
        path: 'projects/new',
        handle: handle({ titleKey: 'newProject', parent: projectsCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/projects/components/project-wizard')).ProjectWizard,
        }),
      },
      // the project screens: the id may be the word 'current' (the selected project)
      {
        path: 'projects/:id',
        handle: handle({ titleKey: 'projectHome', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({ Component: (await import('./routes/projects/project-home')).ProjectHomeRoute }),
      },
      {
        path: 'projects/:id/edp',
        handle: handle({ titleKey: 'projectEdp', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({ Component: (await import('@/features/edp/components/project-edp')).ProjectEdp }),
      },
      {
        path: 'projects/:id/edc',
        handle: handle({ titleKey: 'projectEdc', parent: projectsCrumb, isProjectRoute: true, isFullHeight: true }),
        lazy: async () => ({ Component: (await import('@/features/edc/components/edc-screen')).ProjectEdc }),
      },
      {
        path: 'projects/:id/gantt',
        handle: handle({ titleKey: 'projectGantt', parent: projectsCrumb, isProjectRoute: true, isFullHeight: true }),
        lazy: async () => ({ Component: (await import('@/features/gantt/screen/gantt-screen')).ProjectGantt }),
      },
      // 'Línea de balance' (issue 35): the Gantt's train as a flowline chart
      {
        path: 'projects/:id/linea-de-balance',
        handle: handle({ titleKey: 'projectLineOfBalance', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({
          Component: (await import('@/features/line-of-balance/components/line-of-balance-screen'))
            .ProjectLineOfBalance,
        }),
      },
      // 'Curva S' (issue 16)
      {
        path: 'projects/:id/curva-s',
        handle: handle({ titleKey: 'projectSCurve', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({ Component: (await import('@/features/s-curve/components/s-curve-screen')).ProjectSCurve }),
      },
      // 'Histograma de recursos' (issue 35)
      {
        path: 'projects/:id/histograma',
        handle: handle({ titleKey: 'projectResourceHistogram', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({
          Component: (await import('@/features/resource-histogram/components/resource-histogram-screen'))
            .ProjectResourceHistogram,
        }),
      },
      {
        path: 'projects/:id/estados-pago',
        handle: handle({ titleKey: 'projectEstadosPago', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({
          Component: (await import('@/features/estados-pago/components/estados-pago-screen')).ProjectEstadosPago,
        }),
      },
      // 'Miembros' (issue 36): the project's members, their roles and companies
      {
        path: 'projects/:id/miembros',
        handle: handle({ titleKey: 'projectMembers', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({
          Component: (await import('@/features/members/components/members-screen')).ProjectMembers,
        }),
      },
      // 'Terreno' (issue 36): the field screen for a phone, offline first
      {
        path: 'projects/:id/terreno',
        handle: handle({ titleKey: 'projectField', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({
          Component: (await import('@/features/field/components/field-screen')).FieldScreen,
        }),
      },
      // the Last Planner (issue 36): 'Intermedia', 'Plan semanal', 'PPC'
      {
        path: 'projects/:id/intermedia',
        handle: handle({ titleKey: 'projectLookAhead', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({
          Component: (await import('@/features/last-planner/components/look-ahead-screen')).ProjectLookAhead,
        }),
      },
      {
        path: 'projects/:id/plan-semanal',
        handle: handle({ titleKey: 'projectWeeklyPlan', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({
          Component: (await import('@/features/last-planner/components/weekly-plan-screen')).ProjectWeeklyPlan,
        }),
      },
      {
        path: 'projects/:id/ppc',
        handle: handle({ titleKey: 'projectPpc', parent: projectsCrumb, isProjectRoute: true }),
        lazy: async () => ({ Component: (await import('@/features/last-planner/components/ppc-screen')).ProjectPpc }),
      },
      {
        path: 'admin/tipos-area',
        handle: handle({ titleKey: 'areaTypes', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/catalogues/components/tipos-area-screen')).TiposAreaScreen,
        }),
      },
      {
        path: 'admin/actividades',
        handle: handle({ titleKey: 'activities', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/catalogues/components/actividades-screen')).ActividadesScreen,
        }),
      },
      {
        path: 'admin/sistemas',
        handle: handle({ titleKey: 'systems', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/catalogues/components/sistemas-screen')).SistemasScreen,
        }),
      },
      {
        path: 'admin/oficios',
        handle: handle({ titleKey: 'trades', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/catalogues/components/oficios-screen')).OficiosScreen,
        }),
      },
      {
        path: 'admin/recursos',
        handle: handle({ titleKey: 'resources', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/catalogues/components/recursos-screen')).RecursosScreen,
        }),
      },
      {
        path: 'admin/componentes',
        handle: handle({ titleKey: 'components', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/catalogues/components/componentes-screen')).ComponentesScreen,
        }),
      },
      {
        path: 'admin/valores-uf',
        handle: handle({ titleKey: 'ufValues', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/uf-values/components/uf-values-screen')).UfValuesScreen,
        }),
      },
      // issue 30: the 'Registro de cambios' (catalogues, UF values, the project trash)
      {
        path: 'admin/registro-cambios',
        handle: handle({ titleKey: 'changeLog', parent: administrationCrumb }),
        lazy: async () => ({
          Component: (await import('@/features/change-log/components/change-log-screen')).ChangeLogScreen,
        }),
      },
      // issue 30: the 'Papelera' (administrators only; anyone else is told so)
      {
        path: 'admin/papelera',
        handle: handle({ titleKey: 'trash', parent: administrationCrumb }),
        lazy: async () => ({ Component: (await import('@/features/trash/components/trash-screen')).TrashScreen }),
      },
      {
        path: 'usuarios/list',
        handle: handle({ titleKey: 'users' }),
        lazy: async () => ({ Component: (await import('@/features/users/components/users-list')).UsersList }),
      },
      {
        path: 'usuarios/new',
        handle: handle({ titleKey: 'newUser', parent: usersCrumb }),
        lazy: async () => ({ Component: (await import('@/features/users/components/new-user-form')).NewUserForm }),
      },
      {
        path: 'profile/settings',
        handle: handle({ titleKey: 'profileSettings' }),
        lazy: async () => ({
          Component: (await import('@/features/profile/components/profile-settings')).ProfileSettings,
        }),
      },
      // the template's dashboards share the home dashboard (product-spec.md §2, issue 19)
      {
        path: 'dashboards/dashboard-default',
        handle: handle({ titleKey: 'defaultDashboard' }),
        lazy: async () => screenOf((await import('./routes/home')).HomeRoute, 'dashboards/dashboard-default'),
      },
      {
        path: 'dashboards/dashboard-default-old',
        handle: handle({ titleKey: 'defaultDashboard' }),
        lazy: async () => screenOf((await import('./routes/home')).HomeRoute, 'dashboards/dashboard-default-old'),
      },
      {
        path: 'dashboards/sales',
        handle: handle({ titleKey: 'salesDashboard' }),
        lazy: async () => screenOf((await import('./routes/home')).HomeRoute, 'dashboards/sales'),
      },
      // product-spec.md §2, "Leftover template demo routes"; issue 19: each its own screen
      {
        path: 'profile/overview',
        handle: handle({ titleKey: 'profileOverview' }),
        lazy: async () => ({ Component: (await import('./routes/templates/profile-overview')).ProfileOverviewRoute }),
      },
      {
        path: 'pages/profile/projects',
        handle: handle({ titleKey: 'profileProjects' }),
        lazy: async () => ({ Component: (await import('./routes/templates/profile-projects')).ProfileProjectsRoute }),
      },
      {
        path: 'pages/projects/timeline',
        handle: handle({ titleKey: 'projectTimeline' }),
        lazy: async () => ({ Component: (await import('./routes/templates/projects-timeline')).ProjectsTimelineRoute }),
      },
      {
        path: 'pages/pricing-page',
        handle: handle({ titleKey: 'pricingDemo' }),
        lazy: async () => ({ Component: (await import('./routes/templates/pricing-page')).PricingPageRoute }),
      },
      {
        path: 'pages/rtl-page',
        handle: handle({ titleKey: 'rtlDemo' }),
        lazy: async () => ({ Component: (await import('./routes/templates/rtl-page')).RtlPageRoute }),
      },
      {
        path: 'pages/charts',
        handle: handle({ titleKey: 'charts' }),
        lazy: async () => ({ Component: (await import('./routes/templates/charts')).ChartsRoute }),
      },
      {
        path: 'pages/widgets',
        handle: handle({ titleKey: 'widgets' }),
        lazy: async () => ({ Component: (await import('./routes/templates/widgets')).WidgetsRoute }),
      },
      // every notification of the signed-in user, paged (issue 19)
      {
        path: 'pages/notifications',
        handle: handle({ titleKey: 'notifications' }),
        lazy: async () => ({
          Component: (await import('@/features/notifications/components/notifications-page')).NotificationsPage,
        }),
      },
      // the current project's tasks of the next three weeks (issue 19)
      {
        path: 'applications/kanban',
        handle: handle({ titleKey: 'kanban' }),
        lazy: async () => ({ Component: (await import('@/features/task-views/components/kanban-board')).KanbanBoard }),
      },
      // the project wizard, the same screen as /projects/new (issue 19)
      {
        path: 'applications/wizard',
        handle: handle({ titleKey: 'newProject' }),
        lazy: async () =>
          screenOf(
            (await import('@/features/projects/components/project-wizard')).ProjectWizard,
            'applications/wizard',
          ),
      },
      // every task of the current project, filterable by column (issue 19)
      {
        path: 'applications/data-tables',
        handle: handle({ titleKey: 'dataTables' }),
        lazy: async () => ({ Component: (await import('@/features/task-views/components/task-table')).TaskTable }),
      },
      // the current project's tasks by month (issue 19)
      {
        path: 'applications/calendar',
        handle: handle({ titleKey: 'calendar' }),
        lazy: async () => ({
          Component: (await import('@/features/task-views/components/task-calendar')).TaskCalendar,
        }),
      },
      {
        path: 'ecommerce/products/new-product',
        handle: handle({ titleKey: 'ecommerceDemo' }),
        lazy: async () => ({
          Component: (await import('./routes/templates/ecommerce-new-product')).EcommerceNewProductRoute,
        }),
      },
      {
        path: 'ecommerce/products/edit-product',
        handle: handle({ titleKey: 'ecommerceDemo' }),
        lazy: async () => ({
          Component: (await import('./routes/templates/ecommerce-edit-product')).EcommerceEditProductRoute,
        }),
      },
      {
        path: 'ecommerce/products/product-page',
        handle: handle({ titleKey: 'ecommerceDemo' }),
        lazy: async () => ({
          Component: (await import('./routes/templates/ecommerce-product-page')).EcommerceProductPageRoute,
        }),
      },
      {
        path: 'ecommerce/Orders/order-details',
        handle: handle({ titleKey: 'ecommerceDemo' }),
        lazy: async () => ({
          Component: (await import('./routes/templates/ecommerce-order-details')).EcommerceOrderDetailsRoute,
        }),
      },
      {
        path: 'ecommerce/Orders/order-list',
        handle: handle({ titleKey: 'ecommerceDemo' }),
        lazy: async () => ({
          Component: (await import('./routes/templates/ecommerce-order-list')).EcommerceOrderListRoute,
        }),
      },
      {
        path: 'pages/account/billing',
        handle: handle({ titleKey: 'billingDemo' }),
        lazy: async () => ({ Component: (await import('./routes/templates/account-billing')).AccountBillingRoute }),
      },
      {
        path: 'pages/account/invoice',
        handle: handle({ titleKey: 'invoiceDemo' }),
        lazy: async () => ({ Component: (await import('./routes/templates/account-invoice')).AccountInvoiceRoute }),
      },
      {
        path: 'authentication/signin/cover',
        handle: handle({ titleKey: 'login' }),
        lazy: async () => ({ Component: (await import('./routes/templates/signin-cover')).SigninCoverRoute }),
      },
      {
        path: 'authentication/signin/illustration',
        handle: handle({ titleKey: 'login' }),
        lazy: async () => ({
          Component: (await import('./routes/templates/signin-illustration')).SigninIllustrationRoute,
        }),
      },
      {
        path: 'authentication/reset/cover',
        handle: handle({ titleKey: 'resetPassword' }),
        lazy: async () => ({ Component: (await import('./routes/templates/reset-cover')).ResetCoverRoute }),
      },
      {
        path: 'authentication/signup/cover',
        handle: handle({ titleKey: 'signUp' }),
        lazy: async () => ({ Component: (await import('./routes/templates/signup-cover')).SignupCoverRoute }),
      },
      // the two demo routes that reuse product screens
      {
        path: 'pages/users/new-user',
        handle: handle({ titleKey: 'newUser', parent: usersCrumb }),
        lazy: async () => ({ Component: (await import('@/features/users/components/new-user-form')).NewUserForm }),
      },
      { path: 'authentication/signin/basic', loader: () => redirect('/login') },
      {
        path: '*',
        handle: handle({ titleKey: 'notFound' }),
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];

/**
 * Every screen drawn in the shell waits, with its own chunk, for the shell's chunk and the signed-in
 * screens' texts (issue 37: /login loads neither): the three downloads run side by side.
 */
function withShell(route: RouteObject): RouteObject {
  const { lazy, path } = route;
  if (typeof lazy !== 'function' || path === undefined || isSignedOutPath(`/${path}`)) return route;
  return {
    ...route,
    lazy: async () => {
      const [screen] = await Promise.all([lazy(), loadScreenTexts(), loadShell()]);
      return screen;
    },
  };
}

export const routes: RouteObject[] = allRoutes.map((root) =>
  root.index === true ? root : { ...root, children: root.children?.map(withShell) },
);

/**
 * Starts fetching the chunks of the screen at `pathname` as soon as the first chunk runs, before
 * React's first render creates the router, which would only then ask for them (issue 18). The
 * router's own lazy() call later finds the modules loaded or on their way; a failure is its to show.
 */
export function preloadRouteChunks(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
