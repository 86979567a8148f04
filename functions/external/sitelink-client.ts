/**
 * SiteLink (SMD CallCenterWs and ReportingWs): SOAP 1.1 web services. Each operation takes the
 * corporate code, a location code (the facility number) and the corporate login, and answers an ADO.NET
 * DataSet (diffgram) whose `RT` row carries Ret_Code (negative on failure) and whose other rows are the
 * answer (docs/decisions.md "Outside systems" names the source of each name and how sure it is):
 *   - InsuranceCoverageRetrieve: the facility's insurance coverages (InsurCoverageID, dcCoverage, dcPremium, ...);
 *   - InsuranceLedgerStatusByLedgerIDs (sLedgerIDs, comma-separated): one row per ledger the location
 *     has, with its tenant, unit, address, move-out date and the insurance coverage on it (parameter and
 *     columns are this program's reading, not confirmed against SiteLink's WSDL);
 *   - InsuranceCoverageAddToLedger (TenantID, UnitID, InsuranceCoverageID, sPolicyNumber, dStartDate):
 *     puts a coverage on the tenant's ledger of that unit; answers only RT;
 *   - ReportingWs RentRoll (dReportDateStart, dReportDateEnd): one `RentRoll` row per unit, rented or not.
 * Settings: SITELINK_API_URL (the CallCenterWs.asmx endpoint; ReportingWs.asmx is taken from the same
 * folder), SITELINK_CORP_CODE, SITELINK_API_USER, SITELINK_API_PASSWORD.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ExternalSystemError } from './errors';
import { MAX_REPORT_BYTES, callExternal, excerpt, settingsFromEnv, statusDetail, timeoutFromEnv } from './http';

export const SITELINK_NAMESPACE = 'http://tempuri.org/CallCenterWs/CallCenterWs';
export const SITELINK_REPORTING_NAMESPACE = 'http://tempuri.org/CallCenterWs/ReportingWs';

/**
 * Ret_Code values this client tells apart. CallCenterWs answers -1 for an unknown location (and for
 * parameters it cannot read); the 2017 ReportingWs guide (quoted by third-party code) lists -1 'no data
 * for the date range', -89 a bad licence key, -90 busy, -97 an unknown location, -98 and -99 a bad login.
 */
export const SITELINK_RET_CODES = {
  locationNotFound: -1, noData: -1, licenseRefused: -89, busy: -90, invalidLocation: -97, credentialsRefused: -98, authenticationFailed: -99,
} as const;

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
  /** The tenant and unit of the ledger: what InsuranceCoverageAddToLedger names it by. */
  TenantID: string | null;
  UnitID: string | null;
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
  /** When the coverage on the ledger starts (YYYY-MM-DD); null when uninsured. */
  dInsurStart: string | null;
}

/** What InsuranceCoverageAddToLedger is given: the ledger by its tenant and unit, the coverage, and when it starts. */
export interface SiteLinkInsuranceAddition {
  TenantID: string;
  UnitID: string;
  /** An InsurCoverageID of InsuranceCoverageRetrieve (the parameter is named InsuranceCoverageID). */
  InsuranceCoverageID: string;
  sPolicyNumber: string;
  /** YYYY-MM-DD; sent as a dateTime at midnight. */
  dStartDate: string;
}

/** One unit of ReportingWs RentRoll (vacant units too: bRented false, no ledger or tenant); blank columns are null. */
export interface SiteLinkRentRollRow {
  SiteID: string | null;
  UnitID: string;
  LedgerID: string | null;
  sUnitName: string | null;
  sSize: string | null;
  sTypeName: string | null;
  bRented: boolean;
  TenantID: string | null;
  sTenant: string | null;
  sCompany: string | null;
  sEmail: string | null;
  /** YYYY-MM-DD. */
  dLeaseDate: string | null;
  /** YYYY-MM-DD. */
  dPaidThru: string | null;
  dcRent: number | null;
  dcStdRate: number | null;
  /** The monthly insurance premium billed on the unit's ledger; null or 0 when uninsured. */
  dcInsurPremium: number | null;
}

/** Ledger ids per InsuranceLedgerStatusByLedgerIDs call: a request of a few kB and an answer well under the size limit. */
export const SITELINK_LEDGERS_PER_CALL = 200;

/** The row tags of the answers this client reads (always arrays, even of one row). */
const ROW_TAGS = ['Table', 'RT', 'RentRoll'] as const;
type RowTag = (typeof ROW_TAGS)[number];

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => (ROW_TAGS as readonly string[]).includes(name),
});

type Node = Record<string, unknown>;
const child = (node: unknown, name: string): unknown => (node && typeof node === 'object' ? (node as Node)[name] : undefined);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** Which service an operation is on, and how its negative Ret_Codes read (see SITELINK_RET_CODES). */
type OperationKind = 'read' | 'write' | 'report';

const YMD = /^\d{4}-\d{2}-\d{2}$/;
/** A request dateTime: SiteLink wants the full form (a bare date is not read). */
function dateTime(ymd: string, name: string): string {
  if (!YMD.test(ymd)) throw new TypeError(`${name} must be YYYY-MM-DD, not ${ymd}`);
  return `${ymd}T00:00:00`;
}

/** Reads the columns of one DataSet row: blank is null; dates, amounts and flags are checked. */
class RowReader {
  constructor(private readonly row: Node, private readonly what: string) {}

  value(name: string): string | null {
    const v = text(this.row[name])?.trim();
    return v ? v : null;
  }

  /** YYYY-MM-DD of a DataSet dateTime ('2025-03-01T00:00:00-06:00'); .NET's empty date (0001-01-01) is null. */
  date(name: string): string | null {
    const v = this.value(name);
    if (v === null || v.startsWith('0001-01-01')) return null;
    if (!/^\d{4}-\d{2}-\d{2}/.test(v)) throw new ExternalSystemError('sitelink', 'malformed', `${this.what} has a ${name} that is not a date (${excerpt(v, 40)})`);
    return v.slice(0, 10);
  }

  amount(name: string): number | null {
    const v = this.value(name);
    if (v === null) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new ExternalSystemError('sitelink', 'malformed', `${this.what} has an invalid ${name}`);
    return n;
  }

  flag(name: string): boolean {
    const v = this.value(name)?.toLowerCase();
    return v === 'true' || v === '1' || v === 'y';
  }
}

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
    const result = await this.call('InsuranceCoverageRetrieve', 'read', this.login(locationCode));
    return this.rows(result, 'read', 'Table').map((row, i) => this.coverage(row, i));
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
      const result = await this.call('InsuranceLedgerStatusByLedgerIDs', 'read', {
        ...this.login(locationCode),
        sLedgerIDs: ids.slice(i, i + SITELINK_LEDGERS_PER_CALL).join(','),
      });
      out.push(...this.rows(result, 'read', 'Table').map((row, j) => this.ledgerStatus(row, i + j)));
    }
    return out;
  }

  /**
   * Puts the coverage on the tenant's ledger of that unit, from dStartDate on. SiteLink refusing it
   * (a negative Ret_Code: a moved-out ledger, an unknown tenant or unit) is ExternalSystemError
   * 'refused' whose detail is SiteLink's Ret_Msg. Not idempotent in SiteLink: ask ledgerStatuses first.
   */
  async addInsuranceToLedger(locationCode: string, addition: SiteLinkInsuranceAddition): Promise<void> {
    const result = await this.call('InsuranceCoverageAddToLedger', 'write', {
      ...this.login(locationCode),
      TenantID: addition.TenantID,
      UnitID: addition.UnitID,
      InsuranceCoverageID: addition.InsuranceCoverageID,
      sPolicyNumber: addition.sPolicyNumber,
      dStartDate: dateTime(addition.dStartDate, 'dStartDate'),
    });
    this.rows(result, 'write', 'RT');
  }

  /** ReportingWs RentRoll of the location for the dates (YYYY-MM-DD): one row per unit. */
  async rentRoll(locationCode: string, { start, end }: { start: string; end: string }): Promise<SiteLinkRentRollRow[]> {
    const result = await this.call('RentRoll', 'report', {
      ...this.login(locationCode),
      dReportDateStart: dateTime(start, 'start'),
      dReportDateEnd: dateTime(end, 'end'),
    });
    return this.rows(result, 'report', 'RentRoll').map((row, i) => this.rentRollRow(row, i));
  }

  /** The four parameters every operation starts with, in SiteLink's order. */
  private login(locationCode: string): Record<string, string> {
    return {
      sCorpCode: this.config.corpCode,
      sLocationCode: locationCode,
      sCorpUserName: this.config.user,
      sCorpPassword: this.config.password,
    };
  }

  private async call(operation: string, kind: OperationKind, args: Record<string, string>): Promise<unknown> {
    const namespace = kind === 'report' ? SITELINK_REPORTING_NAMESPACE : SITELINK_NAMESPACE;
    // ReportingWs.asmx sits beside CallCenterWs.asmx (docs/decisions.md: the reference also shows an RWs_3.5 folder).
    const url = kind === 'report' ? new URL('ReportingWs.asmx', this.config.url) : new URL(this.config.url);
    const params = Object.entries(args).map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`).join('');
    const envelope = '<?xml version="1.0" encoding="utf-8"?>'
      + '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
      + 'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
      + `<soap:Body><${operation} xmlns="${namespace}">${params}</${operation}></soap:Body></soap:Envelope>`;
    const answer = await callExternal('sitelink', url, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        accept: 'text/xml',
        soapaction: `"${namespace}/${operation}"`,
      },
      body: envelope,
    }, this.timeoutMs, kind === 'report' ? MAX_REPORT_BYTES : undefined);

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

  /** Checks the RT return code and hands back the rows of `tag`. */
  private rows(result: unknown, kind: OperationKind, tag: RowTag): Node[] {
    const dataSet = child(child(result, 'diffgram'), 'NewDataSet');
    if (dataSet === undefined) throw new ExternalSystemError('sitelink', 'malformed', 'its answer has no data set');
    const rt = child(dataSet, 'RT') as Node[] | undefined;
    const code = Number(text(child(rt?.[0], 'Ret_Code')));
    if (!rt || !Number.isFinite(code)) throw new ExternalSystemError('sitelink', 'malformed', 'its answer has no return code');
    if (code < 0) {
      const message = text(child(rt[0], 'Ret_Msg'))?.trim() ?? '';
      if (kind === 'report' && code === SITELINK_RET_CODES.noData) return [];
      throw retCodeFailure(code, message, kind);
    }
    return (child(dataSet, tag) as Node[] | undefined) ?? [];
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
    const ledgerId = new RowReader(row, `ledger row ${index + 1}`).value('LedgerID');
    if (!ledgerId) throw new ExternalSystemError('sitelink', 'malformed', `ledger row ${index + 1} lacks a LedgerID`);
    const r = new RowReader(row, `ledger ${ledgerId}`);
    return {
      LedgerID: ledgerId, TenantID: r.value('TenantID'), UnitID: r.value('UnitID'),
      sUnitName: r.value('sUnitName'), sAddr1: r.value('sAddr1'), sAddr2: r.value('sAddr2'), sCity: r.value('sCity'),
      sRegion: r.value('sRegion'), sPostalCode: r.value('sPostalCode'), dMovedOut: r.date('dMovedOut'),
      InsurCoverageID: r.value('InsurCoverageID'), dcCoverage: r.amount('dcCoverage'), dcPremium: r.amount('dcPremium'), sPolicyNum: r.value('sPolicyNum'),
      dInsurStart: r.date('dInsurStart'),
    };
  }

  private rentRollRow(row: Node, index: number): SiteLinkRentRollRow {
    const unitId = new RowReader(row, `rent roll row ${index + 1}`).value('UnitID');
    if (!unitId) throw new ExternalSystemError('sitelink', 'malformed', `rent roll row ${index + 1} lacks a UnitID`);
    const r = new RowReader(row, `unit ${unitId}`);
    return {
      SiteID: r.value('SiteID'), UnitID: unitId, LedgerID: r.value('LedgerID'), sUnitName: r.value('sUnitName'), sSize: r.value('sSize'),
      sTypeName: r.value('sTypeName'), bRented: r.flag('bRented'), TenantID: r.value('TenantID'), sTenant: r.value('sTenant'),
      sCompany: r.value('sCompany'), sEmail: r.value('sEmail'), dLeaseDate: r.date('dLeaseDate'), dPaidThru: r.date('dPaidThru'),
      dcRent: r.amount('dcRent'), dcStdRate: r.amount('dcStdRate'), dcInsurPremium: r.amount('dcInsurPremium'),
    };
  }
}

/** The error of a negative Ret_Code: a bad login is 'rejected', an unknown location 'not_found', a write SiteLink would not do 'refused'. */
function retCodeFailure(code: number, message: string, kind: OperationKind): ExternalSystemError {
  const said = message ? ` (${excerpt(message)})` : '';
  const codes = SITELINK_RET_CODES;
  if (code === codes.authenticationFailed || code === codes.credentialsRefused || code === codes.licenseRefused) {
    return new ExternalSystemError('sitelink', 'rejected', 'it refused the program\'s SiteLink login (SITELINK_CORP_CODE, SITELINK_API_USER, SITELINK_API_PASSWORD)');
  }
  if (code === codes.invalidLocation || (kind === 'read' && code === codes.locationNotFound)) {
    return new ExternalSystemError('sitelink', 'not_found', `location unknown${said}`);
  }
  if (kind === 'write' && code !== codes.busy) return new ExternalSystemError('sitelink', 'refused', message || `it answered error ${code}`);
  return new ExternalSystemError('sitelink', 'http_status', `it answered error ${code}${said}`);
}
