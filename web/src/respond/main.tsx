/**
 * The tenant response portal's page (web/respond.html, served for /respond): its own entry, so the
 * staff app's code (Cloudscape, React Router, TanStack Query) never loads here and this never loads
 * there (docs/decisions.md "Tenant response portal: its own page"; .dependency-cruiser.cjs keeps it so).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RespondApp } from './app';
import './respond.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RespondApp />
  </StrictMode>,
);
