// compose.yaml and deploy/kubernetes against their published schemas (issue 32 point 2): the
// Compose Specification's JSON schema, and the Kubernetes 1.35 OpenAPI documents (each object is
// checked against the schema its apiVersion and kind name, with unknown fields refused, as
// kubeconform's strict mode does). tests/fixtures/schemas/SOURCE.md says where each came from.
// Then what the schemas cannot say: probes on the server's health routes, a grace period that
// fits the graceful shutdown, selectors that select the pods, the secrets production needs.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { loadConfig } from '../../src/server/config';
import { SHUTDOWN_GRACE_MS } from '../../src/server/main';

const SCHEMAS = join(REPO_ROOT, 'tests/fixtures/schemas');
const KUBERNETES = join(REPO_ROOT, 'deploy/kubernetes');
const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

const newAjv = () => {
  // The schemas use OpenAPI's and Kubernetes' own keywords (x-kubernetes-*) and formats
  // (int-or-string, duration): not errors, only not checked beyond their types.
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  return ajv;
};

const errorsOf = (validate: ValidateFunction): string =>
  (validate.errors ?? [])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string } } & Record<
  string,
  unknown
>;

/** Every object of the manifests folder, by file. */
function manifests(): { file: string; object: Manifest }[] {
  return readdirSync(KUBERNETES)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(KUBERNETES, file), 'utf8')).map((document) => {
        if (document.errors.length) throw new Error(`${file}: ${document.errors.join('; ')}`);
        return { file, object: document.toJS() as Manifest };
      }),
    );
}

/** Unknown fields are errors: every object schema with properties gets additionalProperties false. */
function strict(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(strict);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.properties && schema.additionalProperties === undefined)
    schema.additionalProperties = false;
  Object.values(schema).forEach(strict);
}

/** The Kubernetes schemas by group/version/kind, from the OpenAPI documents kept in the repo. */
function kubernetesValidators(): Map<string, ValidateFunction> {
  const ajv = newAjv();
  const byKind = new Map<string, ValidateFunction>();
  const folder = join(SCHEMAS, 'kubernetes-1.35');
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const document = readJson(join(folder, file));
    strict(document);
    const id = `https://payee-portal.test/kubernetes/${file}`;
    ajv.addSchema({ ...document, $id: id });
    const schemas = (document.components as { schemas: Record<string, Record<string, unknown>> })
      .schemas;
    for (const [name, schema] of Object.entries(schemas)) {
      const kinds = (schema['x-kubernetes-group-version-kind'] ?? []) as {
        group: string;
        version: string;
        kind: string;
      }[];
      // Each kind once, from the document of its own group (meta types repeat in every document).
      for (const { group, version, kind } of kinds) {
        const key = `${group ? `${group}/` : ''}${version}/${kind}`;
        if (!name.includes('.apimachinery.') && !byKind.has(key))
          byKind.set(key, ajv.getSchema(`${id}#/components/schemas/${name}`)!);
      }
    }
  }
  return byKind;
}

describe('compose.yaml', () => {
  const compose = parseYaml(readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8'), {
    merge: true,
  }) as {
    services: Record<string, Record<string, unknown>>;
  };

  it('is valid under the Compose Specification schema', () => {
    // Its $schema names draft-07 by an https address ajv does not know by that name: draft-07
    // is ajv's default, so the schema compiles without it.
    const { $schema, ...schema } = readJson(join(SCHEMAS, 'compose-spec/compose-spec.json'));
    expect($schema).toMatch(/draft-07/);
    const validate = newAjv().compile(schema);
    expect(validate(compose), errorsOf(validate)).toBe(true);
    // The schema catches a misspelt setting.
    const broken = structuredClone(compose);
    broken.services.postgres!.helthcheck = {};
    expect(validate(broken)).toBe(false);
  });

  it('runs two portal processes from the Dockerfile behind the proxy, on PostgreSQL and Redis', () => {
    const portals = Object.entries(compose.services).filter(([, s]) => s.build === '.');
    expect(portals.map(([name]) => name)).toEqual(['portal-1', 'portal-2']);
    const caddyfile = readFileSync(join(REPO_ROOT, 'deploy/compose/Caddyfile'), 'utf8');
    for (const [name, service] of portals) {
      expect(caddyfile).toContain(`${name}:8080`);
      const env = service.environment as Record<string, string>;
      expect(env.NODE_ENV).toBe('production');
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      // Compose refuses to start without the secrets the server refuses to start without.
      expect(env.ADMIN_API_KEY).toMatch(/^\$\{ADMIN_API_KEY:\?/);
      expect(env.APP_ENCRYPTION_KEY).toMatch(/^\$\{APP_ENCRYPTION_KEY:\?/);
    }
    expect(caddyfile).toContain('health_uri /master/health/ready');
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['proxy', 'postgres', 'redis']),
    );
  });
});

describe('deploy/kubernetes', () => {
  const objects = manifests();
  const find = (kind: string): Manifest => {
    const found = objects.find((o) => o.object.kind === kind);
    if (!found) throw new Error(`no ${kind} in deploy/kubernetes`);
    return found.object;
  };

  it('holds a Deployment, Service, PodDisruptionBudget, HorizontalPodAutoscaler, ConfigMap and Secret, each valid under its Kubernetes 1.35 schema', () => {
    const validators = kubernetesValidators();
    expect(objects.map((o) => o.object.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Secret',
      'Service',
    ]);
    for (const { file, object } of objects) {
      const validate = validators.get(`${object.apiVersion}/${object.kind}`);
      expect(validate, `${file}: no schema for ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(validate!(object), `${file}:\n${errorsOf(validate!)}`).toBe(true);
    }
    // Unknown fields are refused, and so are wrong types.
    const deployment = structuredClone(find('Deployment')) as unknown as Record<string, unknown> & {
      spec: Record<string, unknown>;
    };
    const validate = validators.get('apps/v1/Deployment')!;
    expect(validate({ ...deployment, spec: { ...deployment.spec, replica: 2 } })).toBe(false);
    expect(validate({ ...deployment, spec: { ...deployment.spec, replicas: 'two' } })).toBe(false);
  });

  it('probes liveness and readiness on the health routes, and gives shutdown its time', () => {
    const deployment = find('Deployment') as unknown as {
      spec: {
        selector: { matchLabels: Record<string, string> };
        template: {
          metadata: { labels: Record<string, string> };
          spec: {
            terminationGracePeriodSeconds: number;
            containers: {
              livenessProbe: { httpGet: { path: string } };
              readinessProbe: { httpGet: { path: string } };
              startupProbe?: { httpGet: { path: string } };
              lifecycle?: { preStop?: { exec?: { command: string[] } } };
              envFrom: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
            }[];
          };
        };
      };
    };
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(container!.livenessProbe.httpGet.path).toBe('/master/health');
    expect(container!.readinessProbe.httpGet.path).toBe('/master/health/ready');
    expect(container!.startupProbe?.httpGet.path).toBe('/master/health');
    // preStop sleep, then SIGTERM and the server's grace period, then closing: before SIGKILL.
    const preStop = Number(container!.lifecycle?.preStop?.exec?.command.at(-1) ?? 0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
      preStop + SHUTDOWN_GRACE_MS / 1000 + 5,
    );
    // The Service, the budget and the autoscaler all reach these pods.
    const labels = deployment.spec.template.metadata.labels;
    expect(labels).toMatchObject(deployment.spec.selector.matchLabels);
    const service = find('Service') as unknown as { spec: { selector: Record<string, string> } };
    expect(labels).toMatchObject(service.spec.selector);
    const budget = find('PodDisruptionBudget') as unknown as {
      spec: { selector: { matchLabels: Record<string, string> }; minAvailable: number };
    };
    expect(labels).toMatchObject(budget.spec.selector.matchLabels);
    const autoscaler = find('HorizontalPodAutoscaler') as unknown as {
      spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number };
    };
    expect(autoscaler.spec.scaleTargetRef).toMatchObject({
      kind: 'Deployment',
      name: find('Deployment').metadata.name,
    });
    // A voluntary disruption never takes the last process.
    expect(autoscaler.spec.minReplicas).toBeGreaterThan(budget.spec.minAvailable);
    expect(container!.envFrom).toEqual([
      { configMapRef: { name: find('ConfigMap').metadata.name } },
      { secretRef: { name: find('Secret').metadata.name } },
    ]);
  });

  it('the Secret template names every setting production refuses to start without', () => {
    const settings = find('ConfigMap').data as Record<string, string>;
    const secrets = find('Secret').stringData as Record<string, string>;
    // The template's placeholders, filled as an operator would.
    const filled: Record<string, string> = {
      ...secrets,
      ADMIN_API_KEY: 'k'.repeat(44),
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    expect(settings.NODE_ENV).toBe('production');
    const config = loadConfig({ ...settings, ...filled });
    expect(config.production).toBe(true);
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.redisUrl).toMatch(/^redis:\/\//);
    for (const name of ['ADMIN_API_KEY', 'APP_ENCRYPTION_KEY']) {
      const without = { ...settings, ...filled, [name]: '' };
      expect(() => loadConfig(without), name).toThrow(name);
    }
    const kustomization = parseYaml(
      readFileSync(join(KUBERNETES, 'kustomization.yaml'), 'utf8'),
    ) as {
      resources: string[];
    };
    // The Secret is created out of band, never applied from the template.
    expect(kustomization.resources.sort()).toEqual(
      [...new Set(objects.map((o) => o.file))].filter((f) => f !== 'secret.example.yaml').sort(),
    );
  });
});
