/**
 * A local SiteLink CallCenterWs: SOAP 1.1 over HTTP POST at /CCWs_3.5/CallCenterWs.asmx, answering an
 * ADO.NET DataSet diffgram (RT return-code row, Table rows) as SiteLink does, for two operations:
 *   - InsuranceCoverageRetrieve: the location's insurance coverages (Table: InsurCoverageID, dcCoverage, ...);
 *   - InsuranceLedgerStatusByLedgerIDs: the state of the ledgers named in sLedgerIDs (comma-separated),
 *     one Table row per ledger the location has (LedgerID, sUnitName, address, dMovedOut, and the
 *     insurance coverage on the ledger when it carries one); a ledger it does not have has no row.
 *     The operation's name is in CallCenterWs; its parameter and column names here are this program's
 *     best reading of SiteLink's conventions, not confirmed against its WSDL (docs/decisions.md).
 * Unknown location: Ret_Code -1; wrong login: Ret_Code -99; a request it cannot read or an unknown
 * SOAPAction: HTTP 500 with a SOAP fault. SIMULATOR_TRIGGERS make it misbehave, for both operations.
 */
import type { ServerResponse } from 'node:http';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SIMULATOR_TRIGGERS, knownToSoftware, siteLinkCoverages, simulatedLedger } from './data';
import type { SiteLinkCoverageRow } from './data';
import { misbehave, startSimulatorServer } from './server';
import type { RunningSimulator } from './server';

export const SITELINK_PATH = '/CCWs_3.5/CallCenterWs.asmx';
const NS = 'http://tempuri.org/CallCenterWs/CallCenterWs';

export interface SiteLinkLogin { corpCode: string; user: string; password: string }

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const money = (n: number) => n.toFixed(4);

const envelope = (inner: string) => '<?xml version="1.0" encoding="utf-8"?>'
  + '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
  + `xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

/** The inline schema .NET puts in front of every DataSet (abridged to the columns sent), with the Table columns of the operation. */
const schemaOf = (tableColumns: string) => '<xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">'
  + '<xs:element name="NewDataSet" msdata:IsDataSet="true" msdata:UseCurrentLocale="true"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded">'
  + '<xs:element name="RT"><xs:complexType><xs:sequence><xs:element name="Ret_Code" type="xs:int" minOccurs="0"/><xs:element name="Ret_Msg" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>'
  + `<xs:element name="Table"><xs:complexType><xs:sequence>${tableColumns}</xs:sequence></xs:complexType></xs:element>`
  + '</xs:choice></xs:complexType></xs:element></xs:schema>';

const column = ([name, type]: readonly [string, string]) => `<xs:element name="${name}" type="xs:${type}" minOccurs="0"/>`;
const COLUMNS: Record<Operation, string> = {
  InsuranceCoverageRetrieve: ([['InsurCoverageID', 'int'], ['SiteID', 'int'], ['dcCoverage', 'decimal'], ['dcPremium', 'decimal'], ['dcPCTheft', 'decimal'],
    ['sCoverageDesc', 'string'], ['sProvidor', 'string']] as const).map(column).join(''),
  InsuranceLedgerStatusByLedgerIDs: ([['LedgerID', 'int'], ['SiteID', 'int'], ['sUnitName', 'string'], ['sAddr1', 'string'], ['sAddr2', 'string'],
    ['sCity', 'string'], ['sRegion', 'string'], ['sPostalCode', 'string'], ['dMovedOut', 'dateTime'], ['InsurCoverageID', 'int'],
    ['dcCoverage', 'decimal'], ['dcPremium', 'decimal'], ['sPolicyNum', 'string']] as const).map(column).join(''),
};

const OPERATIONS = ['InsuranceCoverageRetrieve', 'InsuranceLedgerStatusByLedgerIDs'] as const;
type Operation = (typeof OPERATIONS)[number];
const isOperation = (name: string): name is Operation => (OPERATIONS as readonly string[]).includes(name);

function dataSetAnswer(operation: Operation, retCode: number, retMsg: string, tableRows: string): string {
  return envelope(`<${operation}Response xmlns="${NS}"><${operation}Result>${schemaOf(COLUMNS[operation])}`
    + '<diffgr:diffgram xmlns:msdata="urn:schemas-microsoft-com:xml-msdata" xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1">'
    + `<NewDataSet xmlns=""><RT diffgr:id="RT1" msdata:rowOrder="0"><Ret_Code>${retCode}</Ret_Code><Ret_Msg>${esc(retMsg)}</Ret_Msg></RT>${tableRows}</NewDataSet>`
    + `</diffgr:diffgram></${operation}Result></${operation}Response>`);
}

const coverageRow = (row: SiteLinkCoverageRow, i: number) => `<Table diffgr:id="Table${i + 1}" msdata:rowOrder="${i}">`
  + `<InsurCoverageID>${row.InsurCoverageID}</InsurCoverageID><SiteID>${row.SiteID}</SiteID>`
  + `<dcCoverage>${money(row.dcCoverage)}</dcCoverage><dcPremium>${money(row.dcPremium)}</dcPremium><dcPCTheft>${money(row.dcPCTheft)}</dcPCTheft>`
  + `<sCoverageDesc>${esc(row.sCoverageDesc)}</sCoverageDesc><sProvidor>${esc(row.sProvidor)}</sProvidor></Table>`;

/** An element for each value that is set: a DataSet leaves null columns out of the row. */
const elements = (values: Record<string, string | null>) =>
  Object.entries(values).map(([name, value]) => (value === null ? '' : `<${name}>${esc(value)}</${name}>`)).join('');

/** The Table rows of the ledgers the location has, in the order asked (SiteLink sends each ledger once). */
function ledgerRows(location: string, ledgerIds: readonly string[]): string {
  const plans = siteLinkCoverages(location);
  const siteId = String(40000 + Number(location) - 1001);
  const seen = new Set<string>();
  return ledgerIds.flatMap((id) => {
    const ledger = simulatedLedger(location, id);
    if (!ledger || seen.has(ledger.ledgerId.toLowerCase())) return [];
    seen.add(ledger.ledgerId.toLowerCase());
    const plan = ledger.planIndex === null ? null : plans[ledger.planIndex]!;
    return [{ ledger, plan }];
  }).map(({ ledger, plan }, i) => `<Table diffgr:id="Table${i + 1}" msdata:rowOrder="${i}">${elements({
    LedgerID: ledger.ledgerId,
    SiteID: siteId,
    sUnitName: ledger.unit,
    sAddr1: ledger.address?.street ?? null,
    sAddr2: ledger.address?.street2 ?? null,
    sCity: ledger.address?.city ?? null,
    sRegion: ledger.address?.state ?? null,
    sPostalCode: ledger.address?.zip ?? null,
    // .NET writes a DataSet DateTime with the server's offset.
    dMovedOut: ledger.moveOutDate ? `${ledger.moveOutDate}T00:00:00-06:00` : null,
    InsurCoverageID: plan?.InsurCoverageID ?? null,
    dcCoverage: plan ? money(plan.dcCoverage) : null,
    dcPremium: plan ? money(plan.dcPremium) : null,
    sPolicyNum: plan ? `SL-${location}-${ledger.ledgerId}` : null,
  })}</Table>`).join('');
}

function send(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8', 'content-length': Buffer.byteLength(xml) }).end(xml);
}

function fault(res: ServerResponse, message: string, code = 'soap:Server'): void {
  send(res, 500, envelope(`<soap:Fault><faultcode>${code}</faultcode><faultstring>${esc(message)}</faultstring><detail/></soap:Fault>`));
}

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true });

export async function startSiteLinkSimulator(login: SiteLinkLogin, port = 0): Promise<RunningSimulator & { url: string }> {
  const running = await startSimulatorServer('SiteLink', (req, res, body) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== SITELINK_PATH) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h2>404 - File or directory not found.</h2></body></html>');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain', allow: 'POST' }).end('Only SOAP POST requests are served here.');
      return;
    }
    const action = String(req.headers.soapaction ?? '').replace(/"/g, '');
    const operation = action.slice(action.lastIndexOf('/') + 1);
    if (action !== `${NS}/${operation}` || !isOperation(operation)) {
      fault(res, `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`, 'soap:Client');
      return;
    }
    if (XMLValidator.validate(body) !== true) {
      fault(res, 'Server was unable to read request. ---> There is an error in XML document (1, 1).', 'soap:Client');
      return;
    }
    const request = parser.parse(body)?.Envelope?.Body?.[operation] as Record<string, string> | undefined;
    if (!request) {
      fault(res, `Server was unable to process request. ---> No ${operation} element in the SOAP body.`, 'soap:Client');
      return;
    }
    const location = String(request.sLocationCode ?? '').trim();
    if (misbehave(location, res)) return;
    if (location === SIMULATOR_TRIGGERS.serverError) {
      fault(res, 'Server was unable to process request. ---> Timeout expired. The timeout period elapsed prior to obtaining a connection from the pool.');
      return;
    }
    if (location === SIMULATOR_TRIGGERS.unparseable) {
      send(res, 200, envelope(`<${operation}Response xmlns="${NS}"><${operation}Result><diffgr:diffgram><NewDataSet><Table><dcCoverage>2000.0000`));
      return;
    }
    const loginOk = request.sCorpCode === login.corpCode && request.sCorpUserName === login.user && request.sCorpPassword === login.password;
    if (!loginOk || location === SIMULATOR_TRIGGERS.credentialsRefused) {
      send(res, 200, dataSetAnswer(operation, -99, 'Invalid corporate code, user name or password.', ''));
      return;
    }
    if (location === SIMULATOR_TRIGGERS.wrongShape) {
      const row = operation === 'InsuranceCoverageRetrieve'
        ? '<InsurCoverageID>1</InsurCoverageID><sCoverageDesc>No amounts</sCoverageDesc>'
        : '<sUnitName>A101</sUnitName><sCity>No ledger id</sCity>';
      send(res, 200, dataSetAnswer(operation, 1, '', `<Table diffgr:id="Table1" msdata:rowOrder="0">${row}</Table>`));
      return;
    }
    if (!knownToSoftware(location)) {
      send(res, 200, dataSetAnswer(operation, -1, `Location code ${location} is not valid for corporation ${login.corpCode}.`, ''));
      return;
    }
    if (operation === 'InsuranceCoverageRetrieve') {
      send(res, 200, dataSetAnswer(operation, 1, '', siteLinkCoverages(location).map(coverageRow).join('')));
      return;
    }
    const ledgerIds = String(request.sLedgerIDs ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    send(res, 200, dataSetAnswer(operation, 1, '', ledgerRows(location, ledgerIds)));
  }, port);
  return { ...running, url: `${running.origin}${SITELINK_PATH}` };
}
