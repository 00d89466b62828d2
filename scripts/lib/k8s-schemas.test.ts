import { standaloneSchema, strictCrdSchema } from './k8s-schemas';

describe('schemas for kubeconform', () => {
  test('a kind copies the definitions it reaches, once each, and refers to them inside itself', () => {
    const definitions = {
      'io.k8s.Spec': { properties: { meta: { $ref: '#/$defs/io.k8s.Meta' }, self: { $ref: '#/$defs/io.k8s.Spec' } } },
      'io.k8s.Meta': { type: 'object' },
      'io.k8s.Unused': { type: 'string' },
    };
    const schema = { $id: 'https://kubernetes.io/x', properties: { spec: { $ref: '/api/_definitions.json#/$defs/io.k8s.Spec' } } };
    expect(standaloneSchema(schema, definitions)).toEqual({
      properties: { spec: { $ref: '#/definitions/io.k8s.Spec' } },
      definitions: {
        'io.k8s.Spec': { properties: { meta: { $ref: '#/definitions/io.k8s.Meta' }, self: { $ref: '#/definitions/io.k8s.Spec' } } },
        'io.k8s.Meta': { type: 'object' },
      },
    });
    expect(() => standaloneSchema({ $ref: '#/$defs/io.k8s.Missing' }, definitions)).toThrow('io.k8s.Missing');
  });

  test('a CRD schema refuses unknown fields except where it keeps them', () => {
    expect(
      strictCrdSchema({
        type: 'object',
        properties: {
          spec: { type: 'object', properties: { members: { type: 'integer' } } },
          free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { a: { type: 'string' } } },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
        },
      }),
    ).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        spec: { type: 'object', additionalProperties: false, properties: { members: { type: 'integer' } } },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { a: { type: 'string' } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    });
  });
});
