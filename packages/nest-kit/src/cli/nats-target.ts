import { z } from 'zod';
import { type NatsCredentials, type NatsTls, resolveNatsTls } from '../nats/nats-connection.js';

/** Where the operator tool connects, and as whom. */
export interface NatsTarget {
  url: string;
  credentials: NatsCredentials | undefined;
  /** Production's servers need TLS: NATS_URL with tls:// and NATS_CA_FILE, the internal CA. */
  tls?: NatsTls | undefined;
}

/** The project-local broker of `npm start` (scripts/lib/local-env.sh). */
const LOCAL_NATS_URL = 'nats://127.0.0.1:4222';
/**
 * The users of infra/nats/authorization.conf the tool logs in as on the local system: `admin` (every
 * right) for the dead-letter commands, `provisioner` (streams and consumers only) for `provision`.
 */
export type LocalNatsUser = 'admin' | 'provisioner';

const EnvSchema = z.object({
  NATS_URL: z.string().min(1).optional(),
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  NATS_ADMIN_PASSWORD: z.string().min(1).optional(),
  NATS_CA_FILE: z.string().min(1).optional(),
  NATS_PROVISIONER_PASSWORD: z.string().min(1).optional(),
});

/**
 * NATS_URL with NATS_USER / NATS_PASSWORD when set (an operator's credentials in production, the
 * provisioning Job's). Without them, the system that `npm start` runs: its broker on 127.0.0.1:4222
 * and the password of `localUser` that scripts/lib/local-env.sh generated into .var/nats-passwords
 * (NATS_ADMIN_PASSWORD / NATS_PROVISIONER_PASSWORD win, as they do there). With neither, no
 * credentials: a server without authorization.
 */
export function resolveNatsTarget(
  env: NodeJS.ProcessEnv,
  readLocalPasswords: () => string | null,
  localUser: LocalNatsUser = 'admin',
): NatsTarget {
  // `NATS_USER= npm run events …` means "unset", as it does for the shell scripts.
  const parsed = EnvSchema.parse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  const url = parsed.NATS_URL ?? LOCAL_NATS_URL;
  const resolved = resolveNatsTls({ NATS_URL: url, NATS_CA_FILE: parsed.NATS_CA_FILE });
  if ('problem' in resolved) throw new Error(`${resolved.problem.variable} ${resolved.problem.message}`);
  const { tls } = resolved;
  if (parsed.NATS_USER || parsed.NATS_PASSWORD) {
    if (!parsed.NATS_USER || !parsed.NATS_PASSWORD) {
      throw new Error('NATS_USER and NATS_PASSWORD go together: set both or neither');
    }
    return { url, credentials: { user: parsed.NATS_USER, password: parsed.NATS_PASSWORD }, tls };
  }
  const variable = localUser === 'admin' ? 'NATS_ADMIN_PASSWORD' : 'NATS_PROVISIONER_PASSWORD';
  const password = parsed[variable] ?? localPassword(readLocalPasswords(), variable);
  return { url, credentials: password ? { user: localUser, password } : undefined, tls };
}

/** One password from the `NAME=value` lines of .var/nats-passwords. */
function localPassword(file: string | null, variable: string): string | undefined {
  for (const line of file?.split('\n') ?? []) {
    const [name, ...value] = line.trim().split('=');
    if (name === variable && value.join('=')) return value.join('=');
  }
  return undefined;
}
