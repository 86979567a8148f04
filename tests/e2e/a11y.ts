/**
 * The accessibility check of the end-to-end tests: axe-core over the page as it is rendered now, against
 * WCAG 2.0 and 2.1 levels A and AA. A failure lists each violation (rule, impact, the elements, axe's help)
 * so it can be fixed without opening the trace. Pages and modals call it once their data has loaded.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** axe-core's violation (its own package is a dependency of @axe-core/playwright, not of this one). */
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AccessibleOptions {
  /** Check only this part of the page (a CSS selector, e.g. an open modal's), not all of it. */
  include?: string;
  /** Leave this part out (a CSS selector, e.g. the tables already checked in the page's first scan). */
  exclude?: string;
}

/** One line per violation and one per element it was found on. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => [
      `${v.id} (${v.impact ?? 'no impact given'}): ${v.help}`,
      // The target is a generated selector (Cloudscape's class names are hashed); the element's markup says which control it is.
      ...v.nodes.map((node) => [
        `    at ${node.target.map((t) => JSON.stringify(t)).join(' > ')}`,
        `      ${node.html.length > 200 ? `${node.html.slice(0, 200)}...` : node.html}`,
        ...(node.failureSummary ? [`      ${node.failureSummary.replace(/\n\s*/g, '; ')}`] : []),
      ].join('\n')),
      `    see ${v.helpUrl}`,
    ].join('\n'))
    .join('\n');
}

/** Fails the test with the list of WCAG 2 A/AA violations axe-core finds on `page`. */
export async function expectAccessible(page: Page, options: AccessibleOptions = {}): Promise<void> {
  let axe = new AxeBuilder({ page }).withTags([...WCAG_TAGS]);
  if (options.include) axe = axe.include(options.include);
  if (options.exclude) axe = axe.exclude(options.exclude);
  const { violations } = await axe.analyze();
  const part = `${options.include ? ` in ${options.include}` : ''}${options.exclude ? ` without ${options.exclude}` : ''}`;
  expect(violations.length, `accessibility violations on ${page.url()}${part}:\n${describeViolations(violations)}`).toBe(0);
}
