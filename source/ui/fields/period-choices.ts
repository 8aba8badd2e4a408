import {PERIODS} from '../../api/types.js';
import {PERIOD_LABEL} from '../../format/estimate.js';

/** SEVEN, THIRTY, FLEXIBLE, in that order. */
export const PERIOD_CHOICES = PERIODS.map((period) => ({label: `${period} — ${PERIOD_LABEL[period]}`, value: period}));
