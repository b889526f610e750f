import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers';

describe('lazySchemaCompilers', () => {
  it("validate and serialize with Fastify's own compilers once a route has a schema", async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } },
          response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
        },
      },
      async (request) => ({ ...(request.body as object), secret: 'not in the response schema' }),
    );
    try {
      const refused = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'too long' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'FST_ERR_VALIDATION' });

      const answered = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Ana' } });
      expect(answered.statusCode).toBe(200);
      // the serializer compiled from the response schema drops what the schema does not name
      expect(answered.json()).toEqual({ name: 'Ana' });
    } finally {
      await app.close();
    }
  });
});
