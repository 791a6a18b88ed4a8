import { z } from 'zod';

/** `{ message }` answers of logout, forgot-password and reset-password (the client shows only success). */
export const MessageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof MessageReplySchema>;
