import type { ReactNode } from 'react';
import './list-table.css';

/** The 475 px scroll box of the facilities and cycles tables (spec §2, §9). */
export function ListTableScroll({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="list-table-scroll" data-testid={testId}>
      {children}
    </div>
  );
}
