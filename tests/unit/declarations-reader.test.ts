/**
 * The declarations reader on whole documents (issue 27): text PDFs of several insurers' layouts, an edited
 * PDF, a scanned PDF, a phone photo, a PNG table and a page with no facts, all made by the fixtures at
 * test time (tests/fixtures/declarations). Every field is checked against what the document printed.
 * One OCR worker serves all of them; a child process with its network cut reads a page by OCR to show
 * nothing is fetched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcrEngine, readDeclarations } from '../../functions/proofs/reader/read-declarations';
import type { DeclarationsReading } from '../../functions/proofs/reader/read-declarations';
import { ocrLanguageFolder, ocrWorkerOptions } from '../../functions/proofs/reader/ocr-engine';
import { declarationsFixtures } from '../fixtures/declarations/fixtures';
import type { DeclarationsFixture } from '../fixtures/declarations/fixtures';
import { americanFamilyTable } from '../fixtures/declarations/insurer-pages';
import { PageWriter } from '../fixtures/declarations/printed-page';
import { pagePng } from '../fixtures/declarations/render-image';
import { scoreReading } from '../fixtures/declarations/truth';

const fixtures = declarationsFixtures();
const readings = new Map<string, { fixture: DeclarationsFixture; bytes: Uint8Array; reading: DeclarationsReading }>();

beforeAll(async () => {
  // One after another: one OCR worker, as a job worker has.
  for (const fixture of fixtures) {
    const bytes = await fixture.make();
    readings.set(fixture.name, { fixture, bytes, reading: await readDeclarations(bytes, fixture.contentType) });
  }
}, 120_000);

afterAll(async () => {
  await closeOcrEngine();
});

describe.each(fixtures.map((f) => [f.name, f.kind] as const))('%s (%s)', (name) => {
  it('reads every field as the document prints it', () => {
    const { fixture, reading } = readings.get(name)!;
    const wrong = scoreReading(reading.facts, fixture.truth).filter((s) => !s.right);
    expect(wrong).toEqual([]);
  });

  it('says how it read the document, and whether it was edited', () => {
    const { fixture, reading } = readings.get(name)!;
    expect(reading.source).toBe(fixture.source);
    expect(reading.pages).toBe(fixture.pages);
    expect(reading.pdf_edited?.edited ?? null).toBe(fixture.edited);
    for (const fact of Object.values(reading.facts)) {
      if (fact) expect(fact.confidence).toBeGreaterThan(0.3);
      if (fact) expect(fact.confidence).toBeLessThanOrEqual(fixture.source === 'ocr' ? 0.9 : 1);
    }
  });
});

describe('the documents themselves', () => {
  it("are what tenants send: a 12-megapixel phone photo, a scan with no text of its own, an office copier's CCITT page, two pages", async () => {
    const sharp = (await import('sharp')).default;
    const photo = readings.get('nationwide-phone-photo')!;
    const meta = await sharp(photo.bytes).metadata();
    expect(meta.width! * meta.height!).toBeGreaterThanOrEqual(12_000_000);
    expect(meta.orientation).toBe(6);
    expect(readings.get('liberty-mutual-two-pages')!.reading.pages).toBe(2);
    expect(readings.get('travelers-scanned')!.reading.source).toBe('ocr');
    // The office copier's page is one bit a pixel in CCITT Group 4, as such machines write it.
    expect(Buffer.from(readings.get('state-farm-office-scan-ccitt')!.bytes).includes('/CCITTFaxDecode')).toBe(true);
  });

  it('read a scan by OCR when the text layer over it holds no facts, and say so', () => {
    const { reading } = readings.get('pinecrest-scan-app-footer')!;
    expect(reading.notes[0]).toBe('its text layer held none of the facts; they were read by OCR from the scanned pages under it');
  });

  it('say why nothing was read from a page with no facts', () => {
    const { reading } = readings.get('storage-receipt-no-facts')!;
    expect(reading.notes).toEqual(['not a declarations page']);
  });

  it('give the edited PDF its reasons in plain words', () => {
    const { reading } = readings.get('state-farm-edited')!;
    expect(reading.pdf_edited!.reasons.join(' ')).toMatch(/saved again after it was made.*modified on 2026-04-02.*Sejda/s);
  });
});

describe('pictures with no tag to say which way up they are', () => {
  // On its side, as a picture sent through an app that strips EXIF can arrive (found by the page's shape),
  // and upside down (found by OCR's few legible words upright, then read again turned).
  it.each([90, 180])('reads a page turned %i° clockwise, and says it turned it', async (degrees) => {
    const sharp = (await import('sharp')).default;
    const printed = americanFamilyTable();
    const turned = await sharp(await pagePng(printed.pages[0]!, 1000)).rotate(degrees).png().toBuffer();
    const reading = await readDeclarations(turned, 'image/png');
    expect(scoreReading(reading.facts, printed.truth).filter((f) => !f.right)).toEqual([]);
    expect(reading.notes[0]).toBe(`the picture was read turned ${360 - degrees}° clockwise (nothing in the file said which way up it is)`);
  }, 60_000);
});

describe('documents the reader cannot read', () => {
  it('answers with a note, not an error', async () => {
    const notPdf = await readDeclarations(new TextEncoder().encode('%PDF-1.7 this is not really a PDF'), 'application/pdf');
    expect(notPdf.facts.policy_number).toBeNull();
    expect(notPdf.notes[0]).toMatch(/could not be read as a PDF/);
    const cutJpeg = await readDeclarations(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]), 'image/jpeg');
    expect(cutJpeg.source).toBe('ocr');
    expect(cutJpeg.notes[0]).toMatch(/image could not be read/);
  });
});

describe('nothing is fetched', () => {
  it('the OCR model is a file of an installed package, never a URL, and nothing is cached', () => {
    const options = ocrWorkerOptions();
    expect(options.langPath).toBe(ocrLanguageFolder());
    expect(options.langPath).not.toMatch(/^[a-z]+:\/\//i);
    expect(statSync(join(options.langPath, 'eng.traineddata.gz')).size).toBeGreaterThan(1_000_000);
    expect(options.cacheMethod).toBe('none');
  });

  it('a page is read by OCR in a process whose every network call is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'declarations-offline-'));
    try {
      const w = new PageWriter();
      w.text('Policy Number: 41-X88-2031-07', 54, { size: 14 }).down(24);
      w.text('Named Insured: Samuel O. Brooks', 54, { size: 14 });
      const file = join(dir, 'page.png');
      writeFileSync(file, await pagePng({ texts: w.page.texts, rules: [] }, 1200));
      const here = import.meta.dirname;
      const guard = join(here, '../fixtures/declarations/no-network.cjs');
      expect(existsSync(guard)).toBe(true);
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--require', guard, join(here, '../fixtures/declarations/read-offline.ts'), file, 'image/png'], {
        encoding: 'utf8', timeout: 60_000,
      });
      const attempts = run.stderr.split('\n').filter((l) => l.startsWith('NETWORK-ATTEMPT'));
      // The two control attempts (main thread, worker thread) were refused, and nothing else was tried.
      expect(attempts.filter((l) => /control-main\.invalid.*\(thread 0\)/.test(l))).toHaveLength(1);
      expect(attempts.filter((l) => /control-worker\.invalid.*\(thread [1-9]\d*\)/.test(l))).toHaveLength(1);
      expect(attempts.filter((l) => !/control-(main|worker)\.invalid/.test(l))).toEqual([]);
      expect(run.status, run.stderr).toBe(0);
      const reading = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as DeclarationsReading;
      expect(reading.facts.policy_number?.value).toBe('41-X88-2031-07');
      expect(reading.facts.named_insured?.value).toBe('Samuel O. Brooks');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
