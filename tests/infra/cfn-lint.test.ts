/**
 * Issue 26, "cdk-nag and cfn-lint stay clean": every synthesized template (the four stacks and the API
 * stack's nested monitoring stack) goes through cfn-lint, the version pinned in
 * localstack/localstack-requirements.txt (installed in .venv-localstack by `npm test`'s pretest), in one
 * process. Errors and warnings both fail, except what docs/decisions.md "cfn-lint" lists: W3005 (the
 * DependsOn CDK writes beside a GetAtt of the same role) and the one E3012 that reads Fn::GetStackOutput
 * as a wrong type (an intrinsic cfn-lint 1.45 does not know yet). cdk-nag runs in the same synth.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { synthApp } from './synth';

const run = promisify(execFile);
const CFN_LINT = join(process.cwd(), '.venv-localstack', 'bin', 'cfn-lint');

/** Rules left out, each with its reason in docs/decisions.md "cfn-lint". */
const IGNORED_RULES = ['W3005'];

interface Finding {
  Rule: { Id: string };
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  Filename: string;
  Location: { Path: (string | number)[] };
}

/** cfn-lint 1.45 knows no Fn::GetStackOutput (how the web stack reads the WAF's ARN across regions). */
const unknownIntrinsic = (f: Finding) => f.Rule.Id === 'E3012' && f.Message.startsWith("{'Fn::GetStackOutput'");

describe('cfn-lint', () => {
  it('finds no error and no warning in any synthesized template', async () => {
    expect(existsSync(CFN_LINT), `${CFN_LINT} is missing: run \`node localstack/ensure-installed.mjs\` (npm test does)`).toBe(true);
    const { assembly } = synthApp();
    const templates = readdirSync(assembly.directory).filter((f) => f.endsWith('.template.json')).map((f) => join(assembly.directory, f));
    expect(templates.filter((t) => t.endsWith('.nested.template.json'))).toHaveLength(1);
    expect(templates).toHaveLength(5);
    // Exit codes 2 and 4 say errors and warnings were found; the findings themselves are read below.
    const output = await run(CFN_LINT, ['--format', 'json', '--ignore-checks', ...IGNORED_RULES, '--', ...templates], { maxBuffer: 64 * 1024 * 1024 })
      .catch((err: { code?: number; stdout?: string; stderr?: string }) => {
        if (typeof err.code === 'number' && (err.code & ~(2 | 4 | 8)) === 0 && err.stdout) return { stdout: err.stdout };
        throw new Error(`cfn-lint failed to run (exit ${err.code}): ${err.stderr}`);
      });
    const findings = (JSON.parse(output.stdout) as Finding[]).filter((f) => f.Level !== 'Informational');
    const left = findings.filter((f) => !unknownIntrinsic(f)).map((f) => `${f.Rule.Id} ${f.Filename.split('/').pop()} ${f.Location.Path.join('/')}: ${f.Message}`);
    expect(left).toEqual([]);
  });
});
