/**
 * The dependency direction of DESIGN.md: web -> shared, functions -> shared, infra -> shared (+ the
 * entry paths of functions, which CDK only names as files). shared imports nothing but zod.
 * Nothing imports from web or tests, except that the accessibility test reads the web route table.
 * localstack (the local runtime) may use functions and shared.
 */
module.exports = {
  forbidden: [
    { name: 'shared-is-pure', severity: 'error', comment: 'shared imports nothing but zod and itself',
      from: { path: '^shared/' }, to: { pathNot: ['^shared/', '^node_modules/zod/', '^node_modules/\\.pnpm/zod'], dependencyTypesNot: ['type-only'] } },
    { name: 'nothing-imports-web', severity: 'error', from: { pathNot: ['^web/', '^tests/e2e/accessibility\\.spec\\.ts$', '^tests/unit/'] }, to: { path: '^web/' } },
    { name: 'unit-tests-read-only-web-logic', severity: 'error',
      comment: 'unit tests may test the web app\'s plain modules (history wording, list addresses), never its components',
      from: { path: '^tests/unit/' }, to: { path: '^web/', pathNot: '\\.ts$' } },
    { name: 'accessibility-test-reads-only-the-route-table', severity: 'error',
      comment: 'the accessibility test walks the web route table so a page added to it is checked; nothing else of web',
      from: { path: '^tests/e2e/accessibility\\.spec\\.ts$' }, to: { path: '^web/', pathNot: '^web/src/routes/route-table\\.ts$' } },
    { name: 'nothing-imports-tests', severity: 'error', from: { pathNot: '^tests/' }, to: { path: '^tests/' } },
    { name: 'web-only-shared', severity: 'error', comment: 'the browser app uses shared, never server code',
      from: { path: '^web/' }, to: { path: ['^functions/', '^infra/', '^localstack/'] } },
    { name: 'functions-not-infra-or-local', severity: 'error',
      from: { path: '^functions/' }, to: { path: ['^infra/', '^localstack/'] } },
    { name: 'infra-not-function-code', severity: 'error', comment: 'CDK names handler entry files by path; it never imports them',
      from: { path: '^infra/' }, to: { path: ['^functions/', '^localstack/'] } },
    // The tenant portal (web/respond.html) is a page of its own: its bundle stays small on a phone and the
    // staff app's initial JavaScript does not grow with it (docs/decisions.md "Tenant response portal: its own page").
    { name: 'portal-not-staff-app', severity: 'error', comment: 'the portal uses React and its own small client, never the staff app or its libraries',
      from: { path: '^web/src/respond/' },
      to: { path: ['^web/src/(?!respond/)', '@cloudscape-design/', '@tanstack/', 'react-router'] } },
    { name: 'portal-types-only-from-contracts', severity: 'error', comment: 'a value from the zod contracts (or zod) puts zod into the portal\'s bundle',
      from: { path: '^web/src/respond/' }, to: { path: ['^shared/contracts/', 'node_modules/zod/'], dependencyTypesNot: ['type-only'] } },
    { name: 'portal-shared-values-import-nothing', severity: 'error', comment: 'the shared files the portal takes values from stay import-free, so they bring nothing with them',
      from: { path: '^shared/(access-code|respond-rules|format)\\.ts$' }, to: {} },
    { name: 'staff-app-not-portal', severity: 'error', from: { path: '^web/src/', pathNot: '^web/src/respond/' }, to: { path: '^web/src/respond/' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
