import { z } from './zod.js';
import { Limits } from './limits.js';
import { ValidationMessages as M } from './messages.js';
import { TestimonialLimits } from './reviews.js';
import { multiLine, singleLine } from './text.js';

const ratingInvalid = 'Please choose a rating from 1 to 5';

/** POST /api/testimonials (docs/product.md §5). */
export const SubmitTestimonialBodySchema = z.object({
  name: singleLine('Name', { error: M.nameMin })
    .trim()
    .min(TestimonialLimits.nameMin, M.nameMin)
    .max(TestimonialLimits.nameMax, `Name must be at most ${TestimonialLimits.nameMax} characters`),
  title: singleLine('Title', { error: M.titleMin })
    .trim()
    .min(TestimonialLimits.titleMin, M.titleMin)
    .max(TestimonialLimits.titleMax, `Title must be at most ${TestimonialLimits.titleMax} characters`),
  content: multiLine('Story', { error: M.experienceRequired })
    .trim()
    .min(1, M.experienceRequired)
    .max(TestimonialLimits.contentMax, `Please keep your story under ${TestimonialLimits.contentMax} characters`),
  // An absent or empty rating means the default, like the select's initial value.
  rating: z
    .preprocess(
      (value) => (value === undefined || value === null || value === '' ? TestimonialLimits.ratingDefault : value),
      z.coerce
        .number({ error: ratingInvalid })
        .int(ratingInvalid)
        .min(TestimonialLimits.ratingMin, ratingInvalid)
        .max(TestimonialLimits.ratingMax, ratingInvalid),
    )
    // The preprocess hides the default from JSON Schema; the OpenAPI document states it.
    .meta({ default: TestimonialLimits.ratingDefault }),
  email: singleLine('Email', { error: M.emailInvalid })
    .trim()
    .max(Limits.emailMax, M.emailInvalid)
    .pipe(z.email({ error: M.emailInvalid })),
});
export type SubmitTestimonialBody = z.input<typeof SubmitTestimonialBodySchema>;
export type SubmitTestimonialData = z.output<typeof SubmitTestimonialBodySchema>;

/** GET /api/testimonials: an approved story as the public sees it. Never the email. */
export const PublicTestimonialDtoSchema = z.object({
  id: z.number().int().positive(),
  /** Shortened by `publicTestimonialName`. */
  name: z.string(),
  title: z.string(),
  content: z.string(),
  rating: z.number().int(),
  /** Submitted from the session of a signed-in student who has paid for a package (never from the email). */
  verifiedPurchase: z.boolean(),
});
export type PublicTestimonialDto = z.infer<typeof PublicTestimonialDtoSchema>;
export const PublicTestimonialListSchema = z.array(PublicTestimonialDtoSchema);

/** GET /api/testimonials/pending (admins): the full record, with the submitter's email. */
export const PendingTestimonialDtoSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  title: z.string(),
  content: z.string(),
  rating: z.number().int(),
  email: z.string(),
  isApproved: z.boolean(),
  verifiedPurchase: z.boolean(),
  createdAt: z.string(),
});
export type PendingTestimonialDto = z.infer<typeof PendingTestimonialDtoSchema>;
export const PendingTestimonialListSchema = z.array(PendingTestimonialDtoSchema);

/** POST /api/testimonials answers 201 with this. */
export const SubmitTestimonialReplySchema = z.object({ id: z.number().int().positive() });
export type SubmitTestimonialReply = z.infer<typeof SubmitTestimonialReplySchema>;

/** PATCH .../approve answers the approved record; DELETE answers `{ deleted: true }`. */
export const DeleteTestimonialReplySchema = z.object({ deleted: z.literal(true) });
export type DeleteTestimonialReply = z.infer<typeof DeleteTestimonialReplySchema>;

/** Ids are PostgreSQL `integer`s: a larger number names no testimonial, rather than failing the query. */
const TestimonialIdSchema = z.number().int().positive().max(2_147_483_647);

export const TestimonialIdRequestSchema = z.object({ id: TestimonialIdSchema });
export type TestimonialIdRequest = z.infer<typeof TestimonialIdRequestSchema>;

/** The `:id` of the admin routes: plain digits only, so '1e3', ' 7' or '0x1' name no testimonial either. */
export const TestimonialIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(TestimonialIdSchema);

export const TestimonialSubmittedV1Schema = z.object({
  testimonialId: z.number().int().positive(),
  rating: z.number().int(),
});
export const TestimonialApprovedV1Schema = z.object({
  testimonialId: z.number().int().positive(),
  approvedBy: z.number().int().positive(),
});
export type TestimonialSubmittedV1 = z.infer<typeof TestimonialSubmittedV1Schema>;
export type TestimonialApprovedV1 = z.infer<typeof TestimonialApprovedV1Schema>;

/** Why the public list (GET /api/testimonials) may now read differently. */
export const PublishedTestimonialsChangeCauses = ['approved', 'deleted', 'erased', 'purchase_changed'] as const;
export type PublishedTestimonialsChangeCause = (typeof PublishedTestimonialsChangeCauses)[number];

/**
 * The published stories, or a verified-purchase badge on one of them, may have changed: whoever holds
 * the public list drops it. `testimonialIds`: the published stories concerned (no personal data).
 */
export const PublishedTestimonialsChangedV1Schema = z.object({
  cause: z.enum(PublishedTestimonialsChangeCauses),
  testimonialIds: z.array(z.number().int().positive()),
});
export type PublishedTestimonialsChangedV1 = z.infer<typeof PublishedTestimonialsChangedV1Schema>;
