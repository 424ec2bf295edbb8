/** Payment links a human confirms. */
import { router } from '../trpc/init';

export const paymentsRouter = router({});
