/**
 * A hostile CACS service for the token tests: it echoes the request's access_token header back
 * in every way a broken or careless server might — in service messages (whole, its first 10
 * characters, base64), in a `#phone_number#` refusal, in an HTML error page, in a redirect's
 * Location header, in a 500 or an unreadable 200 body, in a success message, in report records.
 *
 * The scenario is chosen per request: by the first lead's `ref_id` on import (so a batch-size-1
 * import of a CSV plays several scenarios in one run), else by the `campaign_key`.
 */
import http from 'node:http';
import { startScriptedServer } from './servers.js';

export const ECHO_SCENARIOS = [
  /** A plain success that echoes nothing (for the URL-credential scenarios). */
  'ok',
  /** Success, the token in the message (unreadable count: counted as imported). */
  'okecho',
  /** `Parameter #phone_number# is wrong format` + the token: the lead goes to the rejects file. */
  'phone',
  /** The same with only the token's first 10 characters. */
  'trunc',
  /** The same with the token base64-encoded. */
  'b64',
  /** HTTP 500 with the token in the body: uncertain (journal, uncertain file). */
  'e500',
  /** HTTP 200 with an unreadable body holding the token: uncertain. */
  'garbled',
  /** `Header #access_token# <token> does not match`: refused (exit 4). */
  'mismatch',
  /** HTTP 400 with an HTML page holding the token. */
  'html',
  /** HTTP 302 to a Location holding the token. */
  'redirect',
  /** Report: a success whose records hold the token. */
  'records',
] as const;
export type EchoScenario = (typeof ECHO_SCENARIOS)[number];

export interface EchoServer {
  url: string;
  /** Scenarios played, in order. */
  played: EchoScenario[];
  /** Tokens seen in access_token headers. */
  tokens: Set<string>;
  close(): Promise<void>;
}

function scenarioOf(body: string): EchoScenario {
  try {
    const v = JSON.parse(body) as { campaign_key?: unknown; data?: Array<{ ref_id?: unknown }> };
    const candidates = [v.data?.[0]?.ref_id, v.campaign_key];
    for (const c of candidates)
      if (typeof c === 'string' && (ECHO_SCENARIOS as readonly string[]).includes(c))
        return c as EchoScenario;
  } catch {
    // not JSON: the default below
  }
  return 'mismatch';
}

function answer(
  res: http.ServerResponse,
  scenario: EchoScenario,
  token: string,
  report: boolean,
): void {
  const send = (status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
  const error = (message: string) => send(200, JSON.stringify({ result: 'error', message }));
  const phone = (echo: string) =>
    error(`Parameter #phone_number# is wrong format (${echo}). Please check it again`);
  switch (scenario) {
    case 'ok':
      return send(
        200,
        JSON.stringify(
          report
            ? { result: 'success', message: 'Have 0 records found', records: [] }
            : { result: 'success', message: '1/1 leads were imported' },
        ),
      );
    case 'okecho':
      return send(
        200,
        JSON.stringify(
          report
            ? { result: 'success', message: `Have 0 records found for ${token}`, records: [] }
            : { result: 'success', message: `1 leads were imported with ${token}` },
        ),
      );
    case 'phone':
      return phone(token);
    case 'trunc':
      return phone(`${token.slice(0, 10)}…`);
    case 'b64':
      return phone(Buffer.from(token).toString('base64'));
    case 'e500':
      return send(500, `Internal error while checking access_token=${token}`, {
        'content-type': 'text/plain',
      });
    case 'garbled':
      return send(200, `{"result":"succ token=${token}`);
    case 'mismatch':
      return error(`Header #access_token# ${token} does not match. Please check it again`);
    case 'html':
      return send(400, `<html><body><h1>Bad token ${token}</h1></body></html>`, {
        'content-type': 'text/html',
      });
    case 'redirect':
      return send(302, '', { location: `https://login.example.com/?access_token=${token}` });
    case 'records':
      return send(
        200,
        JSON.stringify({
          result: 'success',
          message: 'Have 1 records found',
          records: [
            {
              campaign_id: 1,
              campaign_name: `Campaign of ${token}`,
              campaign_lead_id: 1,
              ref_id: 'r1',
              phone_number: '0912345678',
              lead_name: token,
              call: 1,
              data: [
                {
                  session: token,
                  wait_time: 1,
                  talk_time: 2,
                  phone_number: '0912345678',
                  date_time: '2026-01-02 10:00:00',
                  status: 'ANSWERED',
                  retry: 0,
                  key_press: '',
                },
              ],
            },
          ],
        }),
      );
  }
}

export async function startEchoServer(): Promise<EchoServer> {
  const played: EchoScenario[] = [];
  const tokens = new Set<string>();
  const server = await startScriptedServer([
    (req, res, body) => {
      const header = req.headers.access_token;
      const token = (Array.isArray(header) ? header[0] : header) ?? '';
      tokens.add(token);
      const scenario = scenarioOf(body);
      played.push(scenario);
      answer(res, scenario, token, (req.url ?? '').includes('call_result'));
    },
  ]);
  return { url: server.url, played, tokens, close: server.close };
}
