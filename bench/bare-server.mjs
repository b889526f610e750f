// The floor for the loadProfile figure: a bare Fastify route answering the same JSON, no session,
// no database, no plugins.
import Fastify from 'fastify';

const payload = JSON.parse(process.env.BARE_PAYLOAD ?? '{}');
const app = Fastify({ logger: false });
app.post('/api/functions/loadProfile', async () => payload);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
