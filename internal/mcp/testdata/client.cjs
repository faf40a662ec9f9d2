// Drives the MCP server with the official TypeScript SDK over stdio, as
// TestSDKClient runs it: node client.cjs OUTPUT_FILE COMMAND ARGS...
// It compresses OUTPUT_FILE's text with kompress_compress, then retrieves it
// several ways, and prints one JSON object with what it saw.
const fs = require('fs');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');

const [file, command, ...args] = process.argv.slice(2);
const original = fs.readFileSync(file, 'utf8');

(async () => {
  const out = {};
  const client = new Client({ name: 'kompress-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, env: process.env, stderr: 'inherit' }));
  out.server = client.getServerVersion().name;
  out.tools = (await client.listTools()).tools.map(t => t.name);
  const text = r => r.content.map(c => c.text).join('');
  const compressed = text(await client.callTool({ name: 'kompress_compress', arguments: { content: original, tool: 'Bash' } }));
  const id = (/retrieve id=([0-9a-f]+)/.exec(compressed) || [])[1];
  out.compressed = compressed.length < original.length && !!id;
  const call = async a => { const r = await client.callTool({ name: 'kompress_retrieve', arguments: a }); return { text: text(r), isError: !!r.isError }; };
  out.whole = (await call({ id: id.toUpperCase() })).text === original;
  out.range = (await call({ id, start_line: 2, end_line: 3 })).text === original.split(/(?<=\n)/).slice(1, 3).join('');
  out.pattern = (await call({ id, pattern: 'FAILED' })).text;
  out.unknown = await call({ id: 'ffffffffffff' });
  try { await client.callTool({ name: 'nope', arguments: {} }); out.unknownTool = 'answered'; } catch (e) { out.unknownTool = e.code; }
  await client.close();
  process.stdout.write(JSON.stringify(out) + '\n');
})().catch(e => { process.stdout.write(JSON.stringify({ fatal: String(e && e.stack || e) }) + '\n'); process.exit(1); });
