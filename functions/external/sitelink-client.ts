/**
 * SiteLink (SMD CallCenterWs): a SOAP 1.1 web service. InsuranceCoverageRetrieve takes the corporate
 * code, a location code (the facility number) and the corporate login, and answers an ADO.NET DataSet
 * (diffgram) whose `RT` row carries Ret_Code (negative on failure) and whose `Table` rows are the
 * facility's insurance coverages (InsurCoverageID, dcCoverage, dcPremium, ...).
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
}
