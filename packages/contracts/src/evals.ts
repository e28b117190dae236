import { z } from 'zod';

export const Feedback = z.enum(['positive', 'negative']);
export const Eval = z.object({
  id: z.string(),
  created_at: z.string(),
  model: z.string(),
  tokens_used: z.number(),
  prompt: z.string(),
  response: z.string(),
  feedback: Feedback.nullable(),
});
export type Eval = z.infer<typeof Eval>;
export const EvalStats = z.object({
  total_evals: z.number(),
  thumbs_up: z.number(),
  thumbs_down: z.number(),
  satisfaction_rate: z.number(),
});
export type EvalStats = z.infer<typeof EvalStats>;
export const FeedbackRequest = z.object({
  request_id: z.string().min(1).max(100),
  feedback: Feedback,
  comment: z.string().trim().max(2000).optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
