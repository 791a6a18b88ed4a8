import type { ConsultationSubject } from '@medtutor/contracts';
import {
  actorVerifyEnvShape,
  checkMailEnv,
  loadConfig,
  mailConfig,
  mailEnvShape,
  retentionConfig,
  retentionEnvShape,
  serviceEnvSchema,
  serviceRuntime,
} from '@medtutor/nest-kit';
import { z } from 'zod';

/** Nest injection token for the parsed `TutoringConfig`. */
export const TUTORING_CONFIG = Symbol('TUTORING_CONFIG');

/** `X=` in an env file means "not set", not "invalid". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** Where the gateway listens by default (scripts/lib/local-env.sh): links in local runs point there. */
const LOCAL_BASE_URL = 'http://localhost:8080';

/** The spec's two built-in tutors: what the site says about them is fixed, who they are is configured. */
export interface TutorSeed {
  seedKey: string;
  name: string;
  specialty: string;
  qualifications: string;
  photoUrl: string | null;
  calendarLink: string;
  subjects: ConsultationSubject[];
}

const BuiltInTutors = [
  {
    seedKey: 'builtin-interviews-support',
    env: 'TUTOR_SEED_1',
    localName: 'Amira Hassan',
    localCalendarLink: 'http://localhost:8080/calendar/interviews-support',
    specialty: 'Interviews & Medical School Support',
    qualifications:
      '5th-year medical student\nExtensive tutoring experience\nInterview preparation and student support',
    subjects: ['Medical School Interviews', 'Medical School Support', 'Medical School Exams'],
  },
  {
    seedKey: 'builtin-ucat-interviews',
    env: 'TUTOR_SEED_2',
    localName: 'Daniel Okafor',
    localCalendarLink: 'http://localhost:8080/calendar/ucat-interviews',
    specialty: 'UCAT & Interviews',
    qualifications: '5th-year medical student\nMedical school interview panelist\nUCAT and interview coaching',
    subjects: ['UCAT', 'Medical School Interviews'],
  },
] as const satisfies ReadonlyArray<{ subjects: readonly ConsultationSubject[] } & Record<string, unknown>>;

const seedShape = Object.fromEntries(
  BuiltInTutors.flatMap((tutor) => [
    [`${tutor.env}_NAME`, optional(z.string().trim().min(1).max(100))],
    [`${tutor.env}_CALENDAR_LINK`, optional(httpUrl)],
    [`${tutor.env}_PHOTO_URL`, optional(httpUrl)],
  ]),
) as Record<string, z.ZodType<string | undefined>>;

export const TutoringEnvSchema = serviceEnvSchema('TUTORING_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .extend({
    ...mailEnvShape,
    /** The team's address: new consultation and free-trial requests are announced here. */
    SUPPORT_EMAIL: z.email({ error: 'must be an email address' }),
    /** Overrides SUPPORT_EMAIL for the alerts only, e.g. a shared inbox of the tutors. */
    TEAM_ALERT_EMAIL: optional(z.email({ error: 'must be an email address' })),
    /** The site's origin, for links in booking emails and calendar feed URLs; required in production. */
    PUBLIC_BASE_URL: optional(httpUrl),
    /** How often the reminder job looks for bookings due a 24-hour or 1-hour reminder. */
    BOOKING_REMINDER_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    ...retentionEnvShape,
    /**
     * Days a consultation or free-trial request is kept when no purchase was made with its email
     * address; at most 365, the privacy policy's 12 months.
     */
    RETENTION_REQUESTS_DAYS: z.coerce.number().int().min(1).max(365).default(365),
    /** TUTOR_SEED_{1,2}_{NAME,CALENDAR_LINK,PHOTO_URL}: the built-in tutors; local defaults outside production. */
    ...seedShape,
  })
  .superRefine((env, ctx) => {
    checkMailEnv(env, ctx);
    if (env.NODE_ENV === 'production' && !env.PUBLIC_BASE_URL?.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_BASE_URL'], message: 'must be an https:// URL in production' });
    }
    // A built-in tutor is seeded in production only with both a real name and a real calendar link.
    for (const tutor of BuiltInTutors) {
      const name = (env as Record<string, unknown>)[`${tutor.env}_NAME`];
      const link = (env as Record<string, unknown>)[`${tutor.env}_CALENDAR_LINK`];
      if (Boolean(name) !== Boolean(link)) {
        ctx.addIssue({
          code: 'custom',
          path: [`${tutor.env}_CALENDAR_LINK`],
          message: `${tutor.env}_NAME and ${tutor.env}_CALENDAR_LINK go together: set both or neither`,
        });
      }
    }
  })
  .transform((env, ctx) => {
    const vars = env as unknown as Record<string, string | undefined>;
    const production = env.NODE_ENV === 'production';
    const tutorSeeds: TutorSeed[] = BuiltInTutors.flatMap((tutor) => {
      const name = vars[`${tutor.env}_NAME`] ?? (production ? undefined : tutor.localName);
      const calendarLink = vars[`${tutor.env}_CALENDAR_LINK`] ?? (production ? undefined : tutor.localCalendarLink);
      if (!name || !calendarLink) return [];
      return [
        {
          seedKey: tutor.seedKey,
          name,
          specialty: tutor.specialty,
          qualifications: tutor.qualifications,
          photoUrl: vars[`${tutor.env}_PHOTO_URL`] ?? null,
          calendarLink,
          subjects: [...tutor.subjects],
        },
      ];
    });
    return {
      ...serviceRuntime(env, ctx, { variable: 'TUTORING_DATABASE_URL', leases: 2 }),
      mail: mailConfig(env),
      teamAlertEmail: env.TEAM_ALERT_EMAIL ?? env.SUPPORT_EMAIL,
      supportEmail: env.SUPPORT_EMAIL,
      publicBaseUrl: (env.PUBLIC_BASE_URL ?? LOCAL_BASE_URL).replace(/\/+$/, ''),
      bookingReminderIntervalMs: env.BOOKING_REMINDER_INTERVAL_MS,
      retention: { ...retentionConfig(env), requestsDays: env.RETENTION_REQUESTS_DAYS },
      tutorSeeds,
    };
  });

export type TutoringConfig = z.output<typeof TutoringEnvSchema>;

export const loadTutoringConfig = (env: NodeJS.ProcessEnv = process.env): TutoringConfig =>
  loadConfig(TutoringEnvSchema, env);
