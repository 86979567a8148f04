/**
 * A local SiteLink: SOAP 1.1 over HTTP POST, answering ADO.NET DataSet diffgrams (an RT return-code row
 * and the answer's rows) as SiteLink does, with a ledger book (ledger-book.ts) that remembers the
 * insurance written to each ledger:
 *   CallCenterWs (/CCWs_3.5/CallCenterWs.asmx):
 *   - InsuranceCoverageRetrieve: the location's insurance coverages (Table: InsurCoverageID, dcCoverage, ...);
 *   - InsuranceLedgerStatusByLedgerIDs: the ledgers named in sLedgerIDs (comma-separated), one Table row
 *     per ledger the location has (LedgerID, TenantID, UnitID, sUnitName, address, dMovedOut, and the
 *     insurance on it: InsurCoverageID, dcCoverage, dcPremium, sPolicyNum, dInsurStart);
 *   - InsuranceCoverageAddToLedger: puts coverage InsuranceCoverageID on the ledger of TenantID on UnitID
 *     from dStartDate (a full dateTime) with policy number sPolicyNumber; RT only. Ret_Code -1 with a
 *     message when it will not: an unknown tenant or unit, a moved-out ledger, a coverage the location
 *     does not offer, a missing policy number or a bare date;
 *   ReportingWs (/CCWs_3.5/ReportingWs.asmx):
 *   - RentRoll: one RentRoll row per unit of the location's book (rented and vacant), between
 *     dReportDateStart and dReportDateEnd (full dateTimes; the simulator lists the book as it is now).
 * Unknown location: Ret_Code -1 (ReportingWs: -97); wrong login: -99; a request it cannot read or an
 * unknown SOAPAction: HTTP 500 with a SOAP fault. SIMULATOR_TRIGGERS make it misbehave, for every
 * operation; the control API (control.ts) injects faults and latency per call.
 * Parameter and column names beyond the reference's are this program's reading (docs/decisions.md).
 */
import type { IncomingMessage } from 'node:http';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SimulatorControl, SITELINK_OPERATIONS } from './control';
import type { SimulatedCall, SimulatedInsurance, SiteLinkOperation } from './control';
import { SIMULATOR_TRIGGERS, knownToSoftware, siteLinkCoverages } from './data';
import { LedgerBook, baseInsuranceStart, ledgerUnitName } from './ledger-book';
import type { BookLedger } from './ledger-book';
import { deliver, silenceFor, startSimulatorServer } from './server';
import type { Answer, RunningSimulator, Silence } from './server';

export const SITELINK_PATH = '/CCWs_3.5/CallCenterWs.asmx';
export const SITELINK_REPORTING_PATH = '/CCWs_3.5/ReportingWs.asmx';
const NS = 'http://tempuri.org/CallCenterWs/CallCenterWs';
const REPORTING_NS = 'http://tempuri.org/CallCenterWs/ReportingWs';
/** Which service serves each operation. */
const SERVICE: Record<SiteLinkOperation, { path: string; ns: string }> = {
  InsuranceCoverageRetrieve: { path: SITELINK_PATH, ns: NS },
  InsuranceLedgerStatusByLedgerIDs: { path: SITELINK_PATH, ns: NS },
  InsuranceCoverageAddToLedger: { path: SITELINK_PATH, ns: NS },
  RentRoll: { path: SITELINK_REPORTING_PATH, ns: REPORTING_NS },
};

export interface SiteLinkLogin { corpCode: string; user: string; password: string }

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const money = (n: number) => n.toFixed(4);
/** .NET writes a DataSet DateTime with the server's offset. */
const dateTimeOf = (ymd: string) => `${ymd}T00:00:00-06:00`;
const FULL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}$/;

const envelope = (inner: string) => '<?xml version="1.0" encoding="utf-8"?>'
  + '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
  + `xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

type Columns = readonly (readonly [string, string])[];
const COVERAGE_COLUMNS: Columns = [['InsurCoverageID', 'int'], ['SiteID', 'int'], ['dcCoverage', 'decimal'], ['dcPremium', 'decimal'], ['dcPCTheft', 'decimal'],
  ['sCoverageDesc', 'string'], ['sProvidor', 'string']];
const LEDGER_COLUMNS: Columns = [['LedgerID', 'int'], ['SiteID', 'int'], ['TenantID', 'int'], ['UnitID', 'int'], ['sUnitName', 'string'], ['sAddr1', 'string'],
  ['sAddr2', 'string'], ['sCity', 'string'], ['sRegion', 'string'], ['sPostalCode', 'string'], ['dMovedOut', 'dateTime'], ['InsurCoverageID', 'int'],
  ['dcCoverage', 'decimal'], ['dcPremium', 'decimal'], ['sPolicyNum', 'string'], ['dInsurStart', 'dateTime']];
const RENT_ROLL_COLUMNS: Columns = [['SiteID', 'int'], ['UnitID', 'int'], ['LedgerID', 'int'], ['sUnitName', 'string'], ['sSize', 'string'], ['dcWidth', 'decimal'],
  ['dcLength', 'decimal'], ['sTypeName', 'string'], ['bRentable', 'boolean'], ['bRented', 'boolean'], ['TenantID', 'int'], ['sTenant', 'string'],
  ['sCompany', 'string'], ['sEmail', 'string'], ['dLeaseDate', 'dateTime'], ['dPaidThru', 'dateTime'], ['dcRent', 'decimal'], ['dcStdRate', 'decimal'],
  ['dcStandardRate', 'decimal'], ['dcInsurPremium', 'decimal']];
/** The answer's row tag and columns (writes answer the RT row only). */
const ROWS: Record<SiteLinkOperation, { tag: string; columns: Columns } | null> = {
  InsuranceCoverageRetrieve: { tag: 'Table', columns: COVERAGE_COLUMNS },
  InsuranceLedgerStatusByLedgerIDs: { tag: 'Table', columns: LEDGER_COLUMNS },
  InsuranceCoverageAddToLedger: null,
  RentRoll: { tag: 'RentRoll', columns: RENT_ROLL_COLUMNS },
};

const column = ([name, type]: readonly [string, string]) => `<xs:element name="${name}" type="xs:${type}" minOccurs="0"/>`;
/** The inline schema .NET puts in front of every DataSet (abridged to the columns sent). */
const schemaOf = (rows: { tag: string; columns: Columns } | null) => '<xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">'
  + '<xs:element name="NewDataSet" msdata:IsDataSet="true" msdata:UseCurrentLocale="true"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded">'
  + '<xs:element name="RT"><xs:complexType><xs:sequence><xs:element name="Ret_Code" type="xs:int" minOccurs="0"/><xs:element name="Ret_Msg" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>'
  + (rows ? `<xs:element name="${rows.tag}"><xs:complexType><xs:sequence>${rows.columns.map(column).join('')}</xs:sequence></xs:complexType></xs:element>` : '')
  + '</xs:choice></xs:complexType></xs:element></xs:schema>';

const xml = (status: number, body: string): Answer => ({ status, contentType: 'text/xml; charset=utf-8', body });

function dataSetAnswer(operation: SiteLinkOperation, retCode: number, retMsg: string, rows: readonly Record<string, string | null>[] = []): Answer {
  const shape = ROWS[operation];
  const tag = shape?.tag ?? 'Table';
  // A DataSet leaves null columns out of the row.
  const rowXml = rows.map((values, i) => `<${tag} diffgr:id="${tag}${i + 1}" msdata:rowOrder="${i}">`
    + `${Object.entries(values).map(([name, value]) => (value === null ? '' : `<${name}>${esc(value)}</${name}>`)).join('')}</${tag}>`).join('');
  return xml(200, envelope(`<${operation}Response xmlns="${SERVICE[operation].ns}"><${operation}Result>${schemaOf(shape)}`
    + '<diffgr:diffgram xmlns:msdata="urn:schemas-microsoft-com:xml-msdata" xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1">'
    + `<NewDataSet xmlns=""><RT diffgr:id="RT1" msdata:rowOrder="0"><Ret_Code>${retCode}</Ret_Code><Ret_Msg>${esc(retMsg)}</Ret_Msg></RT>${rowXml}</NewDataSet>`
    + `</diffgr:diffgram></${operation}Result></${operation}Response>`));
}

const fault = (message: string, code = 'soap:Server'): Answer =>
  xml(500, envelope(`<soap:Fault><faultcode>${code}</faultcode><faultstring>${esc(message)}</faultstring><detail/></soap:Fault>`));
const garbage = (operation: SiteLinkOperation): Answer =>
  xml(200, envelope(`<${operation}Response xmlns="${SERVICE[operation].ns}"><${operation}Result><diffgr:diffgram><NewDataSet><Table><dcCoverage>2000.0000`));
const html404: Answer = { status: 404, contentType: 'text/html', body: '<html><body><h2>404 - File or directory not found.</h2></body></html>' };

const siteIdOf = (location: string) => String(40000 + Number(location) - 1001);

/** The insurance an 'insured' ledger has before any write: one of the location's coverages. */
function baseInsurance(location: string, ledger: { ledgerId: string; planIndex: number | null }): SimulatedInsurance | null {
  const plan = ledger.planIndex === null ? undefined : siteLinkCoverages(location)[ledger.planIndex];
  if (!plan) return null;
  return {
    coverage_id: plan.InsurCoverageID, policy_number: `SL-${location}-${ledger.ledgerId}`, start_date: baseInsuranceStart(location, ledger.ledgerId),
    coverage_amount: plan.dcCoverage, premium: plan.dcPremium,
  };
}

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true });

/** A call as the simulator reads it, before anything is answered. */
interface SiteLinkCall extends SimulatedCall {
  operation: SiteLinkOperation;
  request: Record<string, string>;
  /** InsuranceLedgerStatusByLedgerIDs: the ledger ids of sLedgerIDs, as sent. */
  asked: string[];
  /** InsuranceCoverageAddToLedger: the ledger its tenant and unit name. */
  target: BookLedger | null;
}

const lastDayOfThisMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

export async function startSiteLinkSimulator(login: SiteLinkLogin, port = 0): Promise<RunningSimulator & { url: string }> {
  const book = new LedgerBook(baseInsurance);
  const control = new SimulatorControl(SITELINK_OPERATIONS, (facility, ledgerId) => book.state(facility, ledgerId));

  /** The SOAP call in the request, or the answer to a request that is not one. */
  function read(req: IncomingMessage, body: string): SiteLinkCall | Answer {
    const path = (req.url ?? '').split('?')[0];
    if (path !== SITELINK_PATH && path !== SITELINK_REPORTING_PATH) return html404;
    if (req.method !== 'POST') return { status: 405, contentType: 'text/plain', body: 'Only SOAP POST requests are served here.' };
    const action = String(req.headers.soapaction ?? '').replace(/"/g, '');
    const operation = action.slice(action.lastIndexOf('/') + 1) as SiteLinkOperation;
    const service = (SITELINK_OPERATIONS as readonly string[]).includes(operation) ? SERVICE[operation] : null;
    if (!service || service.path !== path || action !== `${service.ns}/${operation}`) {
      return fault(`Server did not recognize the value of HTTP Header SOAPAction: ${action}.`, 'soap:Client');
    }
    if (XMLValidator.validate(body) !== true) return fault('Server was unable to read request. ---> There is an error in XML document (1, 1).', 'soap:Client');
    const request = parser.parse(body)?.Envelope?.Body?.[operation] as Record<string, string> | undefined;
    if (!request || typeof request !== 'object') return fault(`Server was unable to process request. ---> No ${operation} element in the SOAP body.`, 'soap:Client');
    const facility = String(request.sLocationCode ?? '').trim();
    const asked = operation === 'InsuranceLedgerStatusByLedgerIDs' ? String(request.sLedgerIDs ?? '').split(',').map((id) => id.trim()).filter(Boolean) : [];
    const target = operation === 'InsuranceCoverageAddToLedger' ? book.byTenantUnit(facility, String(request.TenantID ?? ''), String(request.UnitID ?? '')) : null;
    const ledgers = (target ? [target.ledgerId] : asked).map((id) => id.toLowerCase());
    return { operation, facility, ledgers, request, asked, target };
  }

  /** The answer the call gets (carrying out a write): the triggers, the login, then the operation. */
  function answer(call: SiteLinkCall): Answer | Silence {
    const { operation, facility: location, request } = call;
    const silence = silenceFor(location);
    if (silence) return silence;
    if (location === SIMULATOR_TRIGGERS.serverError) {
      return fault('Server was unable to process request. ---> Timeout expired. The timeout period elapsed prior to obtaining a connection from the pool.');
    }
    if (location === SIMULATOR_TRIGGERS.unparseable) return garbage(operation);
    const loginOk = request.sCorpCode === login.corpCode && request.sCorpUserName === login.user && request.sCorpPassword === login.password;
    if (!loginOk || location === SIMULATOR_TRIGGERS.credentialsRefused) return dataSetAnswer(operation, -99, 'Invalid corporate code, user name or password.');
    if (location === SIMULATOR_TRIGGERS.wrongShape) {
      const row: Record<string, string> = operation === 'InsuranceCoverageRetrieve' ? { InsurCoverageID: '1', sCoverageDesc: 'No amounts' }
        : operation === 'RentRoll' ? { sUnitName: 'A101', sTenant: 'No unit id' } : { sUnitName: 'A101', sCity: 'No ledger id' };
      return operation === 'InsuranceCoverageAddToLedger' ? dataSetAnswer(operation, Number.NaN, 'Ret_Code is not a number') : dataSetAnswer(operation, 1, '', [row]);
    }
    if (!knownToSoftware(location)) {
      return operation === 'RentRoll' ? dataSetAnswer(operation, -97, `Invalid location code ${location}.`)
        : dataSetAnswer(operation, -1, `Location code ${location} is not valid for corporation ${login.corpCode}.`);
    }
    switch (operation) {
      case 'InsuranceCoverageRetrieve':
        return dataSetAnswer(operation, 1, '', siteLinkCoverages(location).map((row) => ({
          InsurCoverageID: row.InsurCoverageID, SiteID: row.SiteID, dcCoverage: money(row.dcCoverage), dcPremium: money(row.dcPremium),
          dcPCTheft: money(row.dcPCTheft), sCoverageDesc: row.sCoverageDesc, sProvidor: row.sProvidor,
        })));
      case 'InsuranceLedgerStatusByLedgerIDs':
        return dataSetAnswer(operation, 1, '', ledgerRows(location, call.asked));
      case 'InsuranceCoverageAddToLedger':
        return addToLedger(call);
      case 'RentRoll':
        return rentRoll(location, request);
    }
  }

  /** One Table row per ledger the location has, each once, in the order asked. */
  function ledgerRows(location: string, ids: readonly string[]): Record<string, string | null>[] {
    const seen = new Set<string>();
    return ids.flatMap((id) => {
      const entry = book.ledger(location, id);
      if (!entry || seen.has(entry.ledgerId.toLowerCase())) return [];
      seen.add(entry.ledgerId.toLowerCase());
      const { base, insurance } = entry;
      return [{
        LedgerID: entry.ledgerId, SiteID: siteIdOf(location), TenantID: entry.tenantId, UnitID: entry.unit.unitId,
        sUnitName: ledgerUnitName(entry), sAddr1: base.address?.street ?? null, sAddr2: base.address?.street2 ?? null, sCity: base.address?.city ?? null,
        sRegion: base.address?.state ?? null, sPostalCode: base.address?.zip ?? null, dMovedOut: base.moveOutDate ? dateTimeOf(base.moveOutDate) : null,
        InsurCoverageID: insurance?.coverage_id ?? null, dcCoverage: insurance ? money(insurance.coverage_amount) : null,
        dcPremium: insurance ? money(insurance.premium) : null, sPolicyNum: insurance?.policy_number ?? null,
        dInsurStart: insurance ? dateTimeOf(insurance.start_date) : null,
      }];
    });
  }

  function addToLedger({ operation, facility: location, request, target }: SiteLinkCall): Answer {
    const refuse = (message: string) => dataSetAnswer(operation, -1, message);
    const tenantId = String(request.TenantID ?? '').trim();
    const unitId = String(request.UnitID ?? '').trim();
    const coverageId = String(request.InsuranceCoverageID ?? '').trim();
    const policyNumber = String(request.sPolicyNumber ?? '').trim();
    const start = FULL_DATE_TIME.exec(String(request.dStartDate ?? '').trim());
    if (!tenantId || !unitId) return refuse('TenantID and UnitID are required.');
    if (!target) return refuse(`Tenant ${tenantId} has no ledger on unit ${unitId}.`);
    if (target.base.moveOutDate) return refuse(`Ledger ${target.ledgerId} was moved out on ${target.base.moveOutDate}; insurance cannot be added.`);
    const plan = siteLinkCoverages(location).find((c) => c.InsurCoverageID === coverageId);
    if (!plan) return refuse(`Insurance coverage ${coverageId || '(none)'} is not offered at this site.`);
    if (!policyNumber) return refuse('sPolicyNumber is required.');
    if (!start) return refuse('dStartDate must be a date and time (YYYY-MM-DDTHH:MM:SS).');
    book.writeInsurance(target, { coverage_id: plan.InsurCoverageID, policy_number: policyNumber, start_date: start[1]!, coverage_amount: plan.dcCoverage, premium: plan.dcPremium });
    return dataSetAnswer(operation, 1, '');
  }

  function rentRoll(location: string, request: Record<string, string>): Answer {
    const start = FULL_DATE_TIME.exec(String(request.dReportDateStart ?? '').trim());
    const end = FULL_DATE_TIME.exec(String(request.dReportDateEnd ?? '').trim());
    if (!start || !end) return fault('Server was unable to read request. ---> The string is not a valid AllXsd value.', 'soap:Client');
    const paidThru = lastDayOfThisMonth();
    const rows = book.units(location).flatMap((unit) => {
      const entry = unit.ledger && !unit.ledger.base.moveOutDate ? unit.ledger : null;
      // A vacant unit whose name the simulator never knew (a moved-out ledger the program asked about) is left out.
      if (!entry && unit.unitName === null) return [];
      return [{
        SiteID: siteIdOf(location), UnitID: unit.unitId, LedgerID: entry?.ledgerId ?? null, sUnitName: unit.unitName,
        sSize: unit.size, dcWidth: money(unit.width), dcLength: money(unit.length), sTypeName: unit.typeName, bRentable: 'true',
        bRented: entry ? 'true' : 'false', TenantID: entry?.tenantId ?? null, sTenant: entry ? `${entry.firstName} ${entry.lastName}` : null,
        sCompany: entry?.company ?? null, sEmail: entry?.email ?? null, dLeaseDate: entry ? dateTimeOf(entry.leaseDate) : null,
        dPaidThru: entry ? dateTimeOf(paidThru) : null, dcRent: entry ? money(entry.rent) : null, dcStdRate: money(unit.stdRate),
        dcStandardRate: entry ? money(unit.stdRate) : null, dcInsurPremium: entry ? money(entry.insurance?.premium ?? 0) : null,
      }];
    });
    return rows.length === 0 ? dataSetAnswer('RentRoll', -1, 'No data found for the date range.') : dataSetAnswer('RentRoll', 1, '', rows);
  }

  const running = await startSimulatorServer('SiteLink', async (req, res, body) => {
    if (control.handle(req, res, body)) return;
    const call = read(req, body);
    if (!('operation' in call)) {
      deliver(res, call);
      return;
    }
    await control.serve(res, call, {
      answer,
      error: () => fault('Server was unable to process request. ---> A simulated failure (control API).'),
      refuse: (c) => dataSetAnswer(c.operation, -1, `${c.operation} was refused (a refusal injected through the simulator's control API).`),
      garbage: (c) => garbage(c.operation),
    });
  }, port);
  return { ...running, url: `${running.origin}${SITELINK_PATH}` };
}
