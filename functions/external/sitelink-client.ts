/**
 * SiteLink (SMD CallCenterWs): a SOAP 1.1 web service. Each operation takes the corporate code, a
 * location code (the facility number) and the corporate login, and answers an ADO.NET DataSet
 * (diffgram) whose `RT` row carries Ret_Code (negative on failure) and whose `Table` rows are the answer:
 *   - InsuranceCoverageRetrieve: the facility's insurance coverages (InsurCoverageID, dcCoverage, dcPremium, ...);
 *   - InsuranceLedgerStatusByLedgerIDs (sLedgerIDs, comma-separated): one row per ledger the location
 *     has, with its unit, address, move-out date and the insurance coverage on it. CallCenterWs has an
 *     operation of this name; its parameter and column names here are not confirmed against SiteLink's
 *     WSDL (docs/decisions.md "Letters: ineligible tenants and status sync"), so they are all in this file.
 * Settings: SITELINK_API_URL (the CallCenterWs.asmx endpoint), SITELINK_CORP_CODE, SITELINK_API_USER,
 * SITELINK_API_PASSWORD.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ExternalSystemError } from './errors';
import { callExternal, excerpt, settingsFromEnv, statusDetail, timeoutFromEnv } from './http';

export const SITELINK_NAMESPACE = 'http://tempuri.org/CallCenterWs/CallCenterWs';

/** Ret_Code values of CallCenterWs this client tells apart; any other negative code is a failure of SiteLink. */
export const SITELINK_RET_CODES = { locationNotFound: -1, authenticationFailed: -99 } as const;

export interface SiteLinkConfig {
  /** The CallCenterWs.asmx endpoint. */
  url: string;
  corpCode: string;
  user: string;
  password: string;
  timeoutMs?: number;
}

export interface SiteLinkCoverage {
  InsurCoverageID: string;
  dcCoverage: number;
  dcPremium: number;
  sCoverageDesc: string | null;
  sProvidor: string | null;
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** One ledger as InsuranceLedgerStatusByLedgerIDs answers it; blank columns are null. */
export interface SiteLinkLedgerStatus {
  LedgerID: string;
  sUnitName: string | null;
  sAddr1: string | null;
  sAddr2: string | null;
  sCity: string | null;
  sRegion: string | null;
  sPostalCode: string | null;
  /** The move-out date (YYYY-MM-DD) of a closed ledger; null while the tenant rents. */
  dMovedOut: string | null;
  /** The coverage the ledger carries (an InsurCoverageID of InsuranceCoverageRetrieve); null when uninsured. */
  InsurCoverageID: string | null;
  dcCoverage: number | null;
  dcPremium: number | null;
  sPolicyNum: string | null;
}

/** Ledger ids per InsuranceLedgerStatusByLedgerIDs call: a request of a few kB and an answer well under the size limit. */
export const SITELINK_LEDGERS_PER_CALL = 200;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'Table' || name === 'RT',
});

type Node = Record<string, unknown>;
const child = (node: unknown, name: string): unknown => (node && typeof node === 'object' ? (node as Node)[name] : undefined);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

export class SiteLinkClient {
  private readonly timeoutMs: number;

  constructor(private readonly config: SiteLinkConfig) {
    this.timeoutMs = config.timeoutMs ?? timeoutFromEnv();
  }

  /** From SITELINK_* variables; throws ExternalSystemError 'not_configured' when any is missing. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): SiteLinkClient {
    const [url, corpCode, user, password] = settingsFromEnv('sitelink', env) as [string, string, string, string];
    return new SiteLinkClient({ url, corpCode, user, password, timeoutMs: timeoutFromEnv(env) });
  }

  /** The insurance coverages SiteLink offers at the location (facility number). */
  async insuranceCoverages(locationCode: string): Promise<SiteLinkCoverage[]> {
    const result = await this.call('InsuranceCoverageRetrieve', {
      sCorpCode: this.config.corpCode,
      sLocationCode: locationCode,
      sCorpUserName: this.config.user,
      sCorpPassword: this.config.password,
    });
    return this.rows(result).map((row, i) => this.coverage(row, i));
  }

  /**
   * The state of these ledgers at the location, one entry per ledger SiteLink has (a ledger it does not
   * have is missing from the answer), asked SITELINK_LEDGERS_PER_CALL at a time. sLedgerIDs is a
   * comma-separated list, so an id must not hold a comma (the caller checks).
   */
  async ledgerStatuses(locationCode: string, ledgerIds: readonly string[]): Promise<SiteLinkLedgerStatus[]> {
    const ids = [...new Set(ledgerIds.map((id) => id.trim()).filter(Boolean))];
    const out: SiteLinkLedgerStatus[] = [];
    for (let i = 0; i < ids.length; i += SITELINK_LEDGERS_PER_CALL) {
      const result = await this.call('InsuranceLedgerStatusByLedgerIDs', {
        sCorpCode: this.config.corpCode,
        sLocationCode: locationCode,
        sCorpUserName: this.config.user,
        sCorpPassword: this.config.password,
        sLedgerIDs: ids.slice(i, i + SITELINK_LEDGERS_PER_CALL).join(','),
      });
      out.push(...this.rows(result).map((row, j) => this.ledgerStatus(row, i + j)));
    }
    return out;
  }

  private async call(operation: string, args: Record<string, string>): Promise<unknown> {
    const params = Object.entries(args).map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`).join('');
    const envelope = '<?xml version="1.0" encoding="utf-8"?>'
      + '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
      + 'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
      + `<soap:Body><${operation} xmlns="${SITELINK_NAMESPACE}">${params}</${operation}></soap:Body></soap:Envelope>`;
    const answer = await callExternal('sitelink', new URL(this.config.url), {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        accept: 'text/xml',
        soapaction: `"${SITELINK_NAMESPACE}/${operation}"`,
      },
      body: envelope,
    }, this.timeoutMs);

    const body = this.parse(answer.text, answer.status);
    const fault = child(body, 'Fault');
    if (fault !== undefined) {
      // .NET puts the inner exception after ' ---> '; the first part is the message meant for callers.
      const message = (text(child(fault, 'faultstring')) ?? '').split(' ---> ')[0];
      throw new ExternalSystemError('sitelink', answer.status >= 500 ? 'http_status' : 'malformed',
        answer.status >= 500 ? statusDetail(answer.status, message) : `it answered a SOAP fault (${excerpt(message ?? '')})`);
    }
    if (answer.status !== 200) throw new ExternalSystemError('sitelink', 'http_status', statusDetail(answer.status));
    const result = child(child(body, `${operation}Response`), `${operation}Result`);
    if (result === undefined) throw new ExternalSystemError('sitelink', 'malformed', `its answer has no ${operation}Result`);
    return result;
  }

  /** The SOAP Body of the answer; anything that is not a SOAP envelope is malformed (or an HTTP error page). */
  private parse(xml: string, status: number): unknown {
    const looksXml = xml.trimStart().startsWith('<');
    if (!looksXml || XMLValidator.validate(xml) !== true) {
      if (status !== 200) throw new ExternalSystemError('sitelink', 'http_status', statusDetail(status));
      throw new ExternalSystemError('sitelink', 'malformed', xml.trim() ? 'its answer is not valid XML' : 'its answer is empty', excerpt(xml, 300));
    }
    let doc: unknown;
    try {
      doc = parser.parse(xml);
    } catch (err) {
      throw new ExternalSystemError('sitelink', 'malformed', `its answer could not be read (${(err as Error).message})`);
    }
    const body = child(child(doc, 'Envelope'), 'Body');
    if (body === undefined || typeof body !== 'object') {
      if (status !== 200) throw new ExternalSystemError('sitelink', 'http_status', statusDetail(status));
      throw new ExternalSystemError('sitelink', 'malformed', 'its answer is not a SOAP envelope');
    }
    return body;
  }

  /** Checks the RT return code and hands back the Table rows. */
  private rows(result: unknown): Node[] {
    const dataSet = child(child(result, 'diffgram'), 'NewDataSet');
    if (dataSet === undefined) throw new ExternalSystemError('sitelink', 'malformed', 'its answer has no data set');
    const rt = child(dataSet, 'RT') as Node[] | undefined;
    const code = Number(text(child(rt?.[0], 'Ret_Code')));
    if (!rt || !Number.isFinite(code)) throw new ExternalSystemError('sitelink', 'malformed', 'its answer has no return code');
    if (code < 0) {
      const message = text(child(rt[0], 'Ret_Msg')) ?? '';
      if (code === SITELINK_RET_CODES.locationNotFound) throw new ExternalSystemError('sitelink', 'not_found', `location unknown (${excerpt(message)})`);
      if (code === SITELINK_RET_CODES.authenticationFailed) {
        throw new ExternalSystemError('sitelink', 'rejected', 'it refused the program\'s SiteLink login (SITELINK_CORP_CODE, SITELINK_API_USER, SITELINK_API_PASSWORD)');
      }
      throw new ExternalSystemError('sitelink', 'http_status', `it answered error ${code}${message ? ` (${excerpt(message)})` : ''}`);
    }
    return (child(dataSet, 'Table') as Node[] | undefined) ?? [];
  }

  private coverage(row: Node, index: number): SiteLinkCoverage {
    const id = text(row.InsurCoverageID);
    const coverage = Number(text(row.dcCoverage));
    const premium = Number(text(row.dcPremium));
    if (!id || text(row.dcCoverage) === null || text(row.dcPremium) === null || !Number.isFinite(coverage) || !Number.isFinite(premium) || coverage < 0 || premium < 0) {
      throw new ExternalSystemError('sitelink', 'malformed', `coverage row ${index + 1} lacks a valid InsurCoverageID, dcCoverage or dcPremium`);
    }
    return { InsurCoverageID: id, dcCoverage: coverage, dcPremium: premium, sCoverageDesc: text(row.sCoverageDesc), sProvidor: text(row.sProvidor) };
  }

  private ledgerStatus(row: Node, index: number): SiteLinkLedgerStatus {
    const value = (name: string) => {
      const v = text(row[name])?.trim();
      return v ? v : null;
    };
    const ledgerId = value('LedgerID');
    if (!ledgerId) throw new ExternalSystemError('sitelink', 'malformed', `ledger row ${index + 1} lacks a LedgerID`);
    const movedOut = value('dMovedOut');
    if (movedOut !== null && !/^\d{4}-\d{2}-\d{2}/.test(movedOut)) {
      throw new ExternalSystemError('sitelink', 'malformed', `ledger ${ledgerId} has a dMovedOut that is not a date (${excerpt(movedOut, 40)})`);
    }
    const amount = (name: string) => {
      const v = value(name);
      if (v === null) return null;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) throw new ExternalSystemError('sitelink', 'malformed', `ledger ${ledgerId} has an invalid ${name}`);
      return n;
    };
    return {
      LedgerID: ledgerId, sUnitName: value('sUnitName'), sAddr1: value('sAddr1'), sAddr2: value('sAddr2'), sCity: value('sCity'),
      sRegion: value('sRegion'), sPostalCode: value('sPostalCode'), dMovedOut: movedOut ? movedOut.slice(0, 10) : null,
      InsurCoverageID: value('InsurCoverageID'), dcCoverage: amount('dcCoverage'), dcPremium: amount('dcPremium'), sPolicyNum: value('sPolicyNum'),
    };
  }
}
