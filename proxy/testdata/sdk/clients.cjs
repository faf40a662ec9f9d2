// Drives `kompress proxy` with the official npm SDKs (openai,
// @anthropic-ai/sdk), as TestSDKClients runs it: node clients.cjs BASE
// OUTPUT_FILE. Each case sends a conversation whose last tool result is
// OUTPUT_FILE's text, and prints one JSON line {name, text, error}: the text
// the SDK's final message carries, or the error it threw.
const fs = require('fs');
const Anthropic = require('@anthropic-ai/sdk');
const OpenAI = require('openai');

const [base, file] = process.argv.slice(2);
const output = fs.readFileSync(file, 'utf8');
const anthropic = new Anthropic({ apiKey: 'sk-ant-test-key', baseURL: base, maxRetries: 0 });
const openai = new OpenAI({ apiKey: 'sk-test-key', baseURL: base + '/v1', maxRetries: 0 });

const messages = [
  { role: 'user', content: 'why did the build fail?' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'make' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: output }] },
];
const tools = [{ name: 'Bash', description: 'run a command', input_schema: { type: 'object', properties: { command: { type: 'string' } } } }];
const chat = [
  { role: 'user', content: 'why did the build fail?' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'Bash', arguments: '{"command":"make"}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: output },
];
const chatTools = [{ type: 'function', function: { name: 'Bash', parameters: { type: 'object', properties: { command: { type: 'string' } } } } }];
const input = [
  { role: 'user', content: 'why did the build fail?' },
  { type: 'function_call', call_id: 'call_1', name: 'Bash', arguments: '{"command":"make"}' },
  { type: 'function_call_output', call_id: 'call_1', output },
];
const respTools = [{ type: 'function', name: 'Bash', parameters: { type: 'object', properties: { command: { type: 'string' } } }, strict: false }];

const cut = { headers: { 'x-test-cut': '1' } };
const turns = { headers: { 'x-test-turns': '1' } };

// A conversation that goes on for three turns, each resending the last
// answer as the SDK returned it and a new question.
async function anthropicTurns() {
  const msgs = [...messages];
  const texts = [];
  for (let turn = 1; turn <= 3; turn++) {
    const m = await anthropic.messages.create({ model: 'm', max_tokens: 100, messages: msgs, tools }, turns);
    texts.push(m.content.map(b => b.text).join(''));
    msgs.push({ role: 'assistant', content: m.content }, { role: 'user', content: 'and then, after turn ' + turn + '?' });
  }
  return texts.join(' | ');
}
const cases = {
  'anthropic': async () => (await anthropic.messages.create({ model: 'm', max_tokens: 100, messages, tools })).content.map(b => b.text).join(''),
  'anthropic stream': async () => (await anthropic.messages.stream({ model: 'm', max_tokens: 100, messages, tools }).finalMessage()).content.map(b => b.text).join(''),
  'chat': async () => (await openai.chat.completions.create({ model: 'm', messages: chat, tools: chatTools })).choices[0].message.content,
  'chat stream': async () => (await openai.chat.completions.stream({ model: 'm', messages: chat, tools: chatTools, stream_options: { include_usage: true } }).finalChatCompletion()).choices[0].message.content,
  'responses': async () => (await openai.responses.create({ model: 'm', input, tools: respTools })).output_text,
  'responses stream': async () => (await openai.responses.stream({ model: 'm', input, tools: respTools }).finalResponse()).output_text,
  'responses stream cut': async () => (await openai.responses.stream({ model: 'm', input: 'hi' }, cut).finalResponse()).output_text,
  'anthropic turns': anthropicTurns,
  'anthropic stream cut': async () => (await anthropic.messages.stream({ model: 'm', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }, cut).finalMessage()).content.map(b => b.text).join(''),
};

(async () => {
  for (const [name, run] of Object.entries(cases)) {
    let line;
    try {
      line = { name, text: await run() };
    } catch (e) {
      line = { name, error: String(e && e.message || e) };
    }
    process.stdout.write(JSON.stringify(line) + '\n');
  }
})();
