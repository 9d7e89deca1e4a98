import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createSearch} from '../scripts/mcp/search';

const folder = path.resolve(process.argv[2] ?? 'build');
const rounds = Number(process.argv[3] ?? 5);
const QUERIES = ['webhook','refresh token','INVALID_PARAMETER','mark food ready','promtion','food.order.placed','sales summary'];
const {questions} = JSON.parse(readFileSync('tests/fixtures/assistant-questions.json', 'utf8')) as {questions: {question: string}[]};
const all = [...QUERIES, ...questions.map((q) => q.question)];
async function main() {
  const s = createSearch('https://developer.gerai.example', folder);
  const t0 = performance.now();
  await s.ready;
  console.log('ready', Math.round(performance.now() - t0));
  const times: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) for (const q of all) {
    const t = performance.now(); await s.query(q, 10); (times[q] ??= []).push(performance.now() - t);
  }
  const rows = Object.entries(times).map(([q, ts]) => [q, ts.sort((a, b) => a - b)[Math.floor(ts.length / 2)]] as const).sort((a, b) => b[1] - a[1]);
  for (const [q, m] of rows) console.log(m.toFixed(2).padStart(8), q);
  const flat = Object.values(times).flat().sort((a, b) => a - b);
  console.log('median', flat[Math.floor(flat.length / 2)].toFixed(2), 'p95', flat[Math.floor(flat.length * 0.95)].toFixed(2), 'n', flat.length);
}
void main();
