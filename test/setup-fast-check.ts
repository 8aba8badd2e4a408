// Property tests start from one seed everywhere, so a run's verdict does not depend on the dice: a failure
// found once is found every run (and its seed stays the same for the one who mends it).
import fc from 'fast-check';

fc.configureGlobal({seed: 20_261_125});
