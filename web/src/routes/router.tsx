import { createElement } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppShell } from '../shell/AppShell';
import { Guard } from './Guard';
import { NOT_FOUND_TITLE, NotFoundPage, WEB_ROUTES } from './route-table';
import type { RouteHandle } from './route-handle';

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      ...WEB_ROUTES.map((route) => ({
        path: route.path,
        handle: { title: route.title } satisfies RouteHandle,
        element: <Guard access={route.access}>{createElement(route.page)}</Guard>,
      })),
      { path: '*', handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle, element: <NotFoundPage /> },
    ],
  },
]);
