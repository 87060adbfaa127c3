/**
 * Kamailio's JSON-RPC over HTTP (POST /RPC on its WebSocket port, loopback, with the voice key): how the
 * API drops a session's registrations when the session ends.
 */
export function kamailioRpc(wsUrl: string, apiKey: string) {
  const url = new URL(wsUrl.replace(/^ws/, 'http'));
  url.pathname = '/RPC';
  return async (method: string, params: unknown[]): Promise<unknown> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-voice-key': apiKey },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(2000),
    });
    if (!res.ok) throw new Error(`Kamailio RPC ${method}: HTTP ${res.status}`);
    return res.json();
  };
}
