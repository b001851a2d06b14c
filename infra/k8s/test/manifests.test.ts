import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are checked as plain parsed YAML */
type Doc = Record<string, any>;

const here = path.dirname(fileURLToPath(import.meta.url));
const base = path.resolve(here, '../base');
const repoRoot = path.resolve(here, '../../..');

const kustomization = parse(readFileSync(path.join(base, 'kustomization.yaml'), 'utf8')) as Doc;
const docs: (Doc & { file: string })[] = (kustomization.resources as string[]).flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(base, file), 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors[0]!.message}`);
    return { ...(d.toJS() as Doc), file };
  }),
);
const ofKind = (kind: string) => docs.filter((d) => d.kind === kind);
const find = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata?.name === name);

// Validated against the Kubernetes OpenAPI schemas (offline, from kubernetes-models).
const models: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

/** The services and ports of the local system (scripts/system.mjs), the source of truth for ports. */
const systemServices = [
  ...readFileSync(path.join(repoRoot, 'scripts/system.mjs'), 'utf8').matchAll(
    /\{ name: '([a-z-]+)', port: (\d+) \}/g,
  ),
]
  .map((m) => ({ name: m[1]!, port: Number(m[2]) }))
  .filter((s) => s.port >= 3000 && s.port < 4000);
const WITH_HPA = ['identity', 'geo', 'orders', 'lab-import', 'gateway'];

describe('kubernetes manifests (infra/k8s/base)', () => {
  it('has the services of scripts/system.mjs', () => {
    expect(systemServices.map((s) => s.name)).toEqual([
      'identity',
      'geo',
      'orders',
      'lab-import',
      'shipping',
      'notification',
    ]);
  });

  it('every document names its apiVersion, kind and name, and matches the Kubernetes schema', () => {
    expect(docs.length).toBeGreaterThan(20);
    for (const doc of docs) {
      const { file, ...manifest } = doc;
      expect(manifest.apiVersion, file).toBeTruthy();
      expect(manifest.kind, file).toBeTruthy();
      expect(manifest.metadata?.name, file).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
      const Model = models[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `${file}: no schema for ${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(
        () => new Model!(manifest).validate(),
        `${file}: ${manifest.kind}/${manifest.metadata.name}`,
      ).not.toThrow();
    }
    const names = docs.map((d) => `${d.kind}/${d.metadata.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('runs one Deployment and Service per service and for the gateway, with the images and ports of the system', () => {
    for (const { name, port } of [...systemServices, { name: 'gateway', port: 8080 }]) {
      const deployment = find('Deployment', name);
      expect(deployment, name).toBeDefined();
      const container = deployment!.spec.template.spec.containers[0];
      expect(container.image).toBe(`gleba/${name}:latest`);
      expect(container.ports).toContainEqual({ name: 'http', containerPort: port });
      if (name !== 'gateway') expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
    }
    expect(ofKind('Deployment')).toHaveLength(systemServices.length + 1);
  });

  it('every Deployment has a Service selecting its pods on a port the container declares', () => {
    for (const deployment of ofKind('Deployment')) {
      const labels = deployment.spec.template.metadata.labels as Record<string, string>;
      expect(deployment.spec.selector.matchLabels).toEqual(expect.objectContaining({}));
      for (const [k, v] of Object.entries(deployment.spec.selector.matchLabels as Record<string, string>))
        expect(labels[k]).toBe(v);
      const services = ofKind('Service').filter((s) =>
        Object.entries(s.spec.selector as Record<string, string>).every(([k, v]) => labels[k] === v),
      );
      expect(services, deployment.metadata.name).toHaveLength(1);
      const portNames = deployment.spec.template.spec.containers.flatMap((c: Doc) =>
        (c.ports ?? []).map((p: Doc) => p.name),
      );
      for (const port of services[0]!.spec.ports) expect(portNames).toContain(port.targetPort);
    }
  });

  it('probes the health endpoints and sets resources on every container', () => {
    for (const deployment of ofKind('Deployment')) {
      const spec = deployment.spec.template.spec;
      for (const c of spec.containers) {
        expect(c.livenessProbe?.httpGet, `${c.name} liveness`).toMatchObject({
          path: '/health/live',
          port: 'http',
        });
        expect(c.readinessProbe?.httpGet, `${c.name} readiness`).toMatchObject({
          path: '/health/ready',
          port: 'http',
        });
      }
      for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
        for (const kind of ['requests', 'limits']) {
          expect(c.resources?.[kind]?.cpu, `${c.name} ${kind}.cpu`).toBeTruthy();
          expect(c.resources?.[kind]?.memory, `${c.name} ${kind}.memory`).toBeTruthy();
        }
      }
      expect(deployment.spec.template.metadata.annotations?.['prometheus.io/path']).toBe('/metrics');
    }
  });

  it('migrates each service database in an initContainer with the same image and environment', () => {
    for (const { name } of systemServices) {
      const spec = find('Deployment', name)!.spec.template.spec;
      const migrate = (spec.initContainers ?? []).find((c: Doc) => c.name === 'migrate');
      expect(migrate, name).toBeDefined();
      expect(migrate.image).toBe(spec.containers[0].image);
      expect(migrate.command.slice(0, 1).concat(migrate.command.slice(-2))).toEqual([
        'node',
        'dist/main.js',
        'migrate',
      ]);
      expect(migrate.env).toEqual(spec.containers[0].env);
      expect(migrate.envFrom).toEqual(spec.containers[0].envFrom);
      const db = spec.containers[0].env.find((e: Doc) => e.name === 'DATABASE_URL');
      expect(db.valueFrom.secretKeyRef).toMatchObject({
        name: 'gleba-secrets',
        key: `${name.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`,
      });
    }
  });

  it('every ConfigMap, Secret and key an environment references exists', () => {
    const configMaps = new Map(ofKind('ConfigMap').map((d) => [d.metadata.name, d.data ?? {}]));
    const secrets = new Map(
      ofKind('Secret').map((d) => [d.metadata.name, { ...(d.data ?? {}), ...(d.stringData ?? {}) }]),
    );
    expect(configMaps.has('gleba-config')).toBe(true);
    expect(secrets.has('gleba-secrets')).toBe(true);
    let references = 0;
    for (const deployment of ofKind('Deployment')) {
      const spec = deployment.spec.template.spec;
      for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
        for (const from of c.envFrom ?? []) {
          if (from.configMapRef)
            expect(configMaps.has(from.configMapRef.name), from.configMapRef.name).toBe(true);
          if (from.secretRef) expect(secrets.has(from.secretRef.name), from.secretRef.name).toBe(true);
          references += 1;
        }
        for (const e of c.env ?? []) {
          const cm = e.valueFrom?.configMapKeyRef;
          const sk = e.valueFrom?.secretKeyRef;
          if (cm) expect(configMaps.get(cm.name)?.[cm.key], `${c.name}: ${cm.name}/${cm.key}`).toBeDefined();
          if (sk) expect(secrets.get(sk.name)?.[sk.key], `${c.name}: ${sk.name}/${sk.key}`).toBeDefined();
          if (cm || sk) references += 1;
        }
      }
    }
    expect(references).toBeGreaterThan(30);
    // The gateway reaches every service through its Kubernetes Service, on the service's port.
    const config = configMaps.get('gleba-config')!;
    for (const { name, port } of systemServices) {
      expect(config[`${name.toUpperCase().replace(/-/g, '_')}_URL`]).toBe(`http://${name}:${port}`);
    }
    expect(config.JWKS_URL).toBe('http://identity:3001/.well-known/jwks.json');
    expect(config.HOST).toBe('0.0.0.0');
  });

  it('every Deployment runs at least 2 replicas (its own or its HPA minimum) and has a PodDisruptionBudget selecting its pods', () => {
    for (const deployment of ofKind('Deployment')) {
      const labels = deployment.spec.template.metadata.labels as Record<string, string>;
      const hpa = ofKind('HorizontalPodAutoscaler').find(
        (h) => h.spec.scaleTargetRef.name === deployment.metadata.name,
      );
      // A Deployment the HPA scales leaves `replicas` out (a re-apply would reset the HPA's count).
      const replicas = hpa ? hpa.spec.minReplicas : deployment.spec.replicas;
      if (hpa) expect(deployment.spec.replicas, deployment.metadata.name).toBeUndefined();
      expect(replicas, deployment.metadata.name).toBeGreaterThanOrEqual(2);
      const pdbs = ofKind('PodDisruptionBudget').filter((p) =>
        Object.entries(p.spec.selector.matchLabels as Record<string, string>).every(
          ([k, v]) => labels[k] === v,
        ),
      );
      expect(pdbs, deployment.metadata.name).toHaveLength(1);
      expect(pdbs[0]!.spec.minAvailable).toBeLessThan(replicas);
    }
  });

  it('volumes use claims that exist', () => {
    for (const deployment of ofKind('Deployment')) {
      for (const v of deployment.spec.template.spec.volumes ?? []) {
        if (v.persistentVolumeClaim)
          expect(find('PersistentVolumeClaim', v.persistentVolumeClaim.claimName)).toBeDefined();
      }
    }
  });

  it('autoscales the stateless HTTP services and the gateway when their pods average half a core (docs/capacity.md)', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...WITH_HPA].sort());
    for (const hpa of hpas) {
      const target = find('Deployment', hpa.spec.scaleTargetRef.name);
      expect(target).toBeDefined();
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 100 } },
      });
      // Utilization is of the request: 100% of 500m is half of the one core a Node process can use.
      expect(target!.spec.template.spec.containers[0].resources.requests.cpu).toBe('500m');
      expect(target!.spec.template.spec.containers[0].resources.limits.cpu).toBe('1');
    }
  });

  it('routes the Ingress to the gateway Service only', () => {
    const ingresses = ofKind('Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses[0]!.spec.rules.flatMap((r: Doc) =>
      r.http.paths.map((p: Doc) => p.backend.service),
    );
    expect(backends).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
    expect(find('Service', 'gateway')!.spec.ports.map((p: Doc) => p.name)).toContain('http');
  });

  const kubectl = (() => {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!kubectl)('builds with kustomize (kubectl kustomize), namespaced', () => {
    const out = execFileSync('kubectl', ['kustomize', base], { encoding: 'utf8' });
    const built = parseAllDocuments(out).map((d) => d.toJS() as Doc);
    expect(built).toHaveLength(docs.length);
    for (const d of built)
      if (d.kind !== 'Namespace') expect(d.metadata.namespace, `${d.kind}/${d.metadata.name}`).toBe('gleba');
  });

  it('no secret reference is optional: a missing key fails the rollout instead of starting on a default', () => {
    let references = 0;
    for (const deployment of ofKind('Deployment')) {
      const spec = deployment.spec.template.spec;
      for (const c of [...spec.containers, ...(spec.initContainers ?? [])])
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
          if (!ref) continue;
          references += 1;
          expect(ref.optional, `${deployment.metadata.name}/${c.name}: ${e.name}`).toBeUndefined();
        }
    }
    expect(references).toBeGreaterThan(30);
  });

  /** The policies selecting a pod with these labels. */
  const policiesOf = (labels: Record<string, string>) =>
    ofKind('NetworkPolicy').filter((p) =>
      Object.entries((p.spec.podSelector.matchLabels ?? {}) as Record<string, string>).every(
        ([k, v]) => labels[k] === v,
      ),
    );
  /** Who may reach a named port of a pod: the `from` peers of every rule opening it. */
  const peersOf = (labels: Record<string, string>, port: string) =>
    policiesOf(labels).flatMap((p) =>
      (p.spec.ingress ?? [])
        .filter((rule: Doc) => (rule.ports ?? []).some((q: Doc) => q.port === port))
        .flatMap((rule: Doc) => rule.from ?? [{ anyone: true }]),
    );

  it('network policies: ingress denied by default; a service port only from the gateway, the gateway only from the Ingress controller, metrics only from Prometheus', () => {
    const deny = ofKind('NetworkPolicy').find(
      (p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress,
    );
    expect(deny?.spec.policyTypes).toEqual(['Ingress']);
    const monitoring = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
    };
    const gatewayPods = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } };
    for (const deployment of ofKind('Deployment')) {
      const name = deployment.metadata.name as string;
      const labels = deployment.spec.template.metadata.labels as Record<string, string>;
      const container = deployment.spec.template.spec.containers[0];
      for (const policy of policiesOf(labels)) expect(policy.spec.policyTypes, name).toContain('Ingress');
      // Every open port is one the container names, and nothing is open to anyone.
      const ports = (container.ports as Doc[]).map((p) => p.name);
      expect(ports, name).toEqual(['http', 'metrics']);
      expect(peersOf(labels, 'metrics'), name).toEqual([monitoring]);
      const http = peersOf(labels, 'http');
      if (name === 'gateway') {
        expect(http).toEqual([
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
        ]);
      } else if (name === 'identity') {
        // The services read identity's public keys (JWKS) on its port.
        expect(http).toEqual([
          gatewayPods,
          {
            podSelector: {
              matchLabels: { 'app.kubernetes.io/part-of': 'gleba', 'app.kubernetes.io/component': 'service' },
            },
          },
        ]);
      } else {
        expect(http, name).toEqual([gatewayPods]);
      }
      const rulePorts = policiesOf(labels).flatMap((p) =>
        (p.spec.ingress ?? []).flatMap((r: Doc) => (r.ports ?? []).map((q: Doc) => q.port)),
      );
      for (const port of rulePorts) expect(ports, `${name}: ${port}`).toContain(port);
    }
  });

  it('metrics are served on a port of their own (METRICS_PORT), where Prometheus scrapes them', () => {
    for (const deployment of ofKind('Deployment')) {
      const template = deployment.spec.template;
      const container = template.spec.containers[0];
      const metrics = (container.ports as Doc[]).find((p) => p.name === 'metrics');
      expect(metrics, deployment.metadata.name).toBeDefined();
      expect(container.env).toContainEqual({ name: 'METRICS_PORT', value: String(metrics!.containerPort) });
      expect(template.metadata.annotations['prometheus.io/port']).toBe(String(metrics!.containerPort));
      const service = ofKind('Service').find((s) => s.metadata.name === deployment.metadata.name);
      expect(service!.spec.ports.map((p: Doc) => p.targetPort)).not.toContain('metrics');
    }
    const gatewayEnv = find('Deployment', 'gateway')!.spec.template.spec.containers[0].env;
    expect(gatewayEnv).toContainEqual({ name: 'METRICS_HOST', value: '0.0.0.0' });
    expect(gatewayEnv).toContainEqual({ name: 'TRUST_PROXY_HOPS', value: '1' });
  });

  it('lists every manifest file in the kustomization', () => {
    expect(existsSync(path.join(base, 'kustomization.yaml'))).toBe(true);
    const listed = new Set(kustomization.resources as string[]);
    const files = execFileSync('ls', [base], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    for (const f of files) expect(listed.has(f), f).toBe(true);
  });
});
