import { z } from 'zod';

export const ZPollingResponse = z.object({ success: z.literal(true), time: z.string() });

