import {describe} from 'vitest';
import {appFaultMatrix} from '../helpers/app-fault-matrix.js';

describe('fault matrix through the interactive app: symbols', () => appFaultMatrix('symbols'));
