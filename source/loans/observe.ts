// The reads a reconciliation needs, through the client: ongoing loans and the history that would record the POST,
// over a window from shortly before the send to now.
import type {BitgetClient} from '../api/client.js';
import type {Observation, SentRequest} from './reconcile.js';

const BEFORE_SEND_MS = 60_000;

export function observerFor(client: BitgetClient, sent: SentRequest): (signal?: AbortSignal) => Promise<Observation> {
	return async (signal) => {
		const window = () => ({startTime: sent.sentAt - BEFORE_SEND_MS, endTime: client.clock.now() + 5_000, pageSize: 100});
		switch (sent.kind) {
			case 'borrow': {
				const query = {loanCoin: sent.request.loanCoin, pledgeCoin: sent.request.pledgeCoin};
				const [ongoing, borrowHistory] = await Promise.all([
					client.ongoingOrders(query, {signal}),
					client.history('borrowHistory', {...window(), ...query}, {signal}),
				]);
				return {ongoing, borrowHistory};
			}
			case 'repay': {
				const orderId = sent.request.orderId;
				const [ongoing, repayHistory, reduces] = await Promise.all([
					client.ongoingOrders({orderId}, {signal}),
					client.history('repayHistory', {...window(), orderId}, {signal}),
					client.history('reduces', {...window(), orderId}, {signal}),
				]);
				return {ongoing, repayHistory, reduces};
			}
			case 'revisePledge': {
				const orderId = sent.request.orderId;
				const [ongoing, reviseHistory] = await Promise.all([
					client.ongoingOrders({orderId}, {signal}),
					client.history('reviseHistory', {...window(), orderId}, {signal}),
				]);
				return {ongoing, reviseHistory};
			}
		}
	};
}
