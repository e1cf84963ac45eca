import { logisticRegression } from './packages/stats/src/index.ts';
import fs from 'node:fs';
const R = JSON.parse(fs.readFileSync('packages/stats/fixtures/logistic.json','utf8'));
const m = R.mtcars;
const f = logisticRegression({ y: m.am, predictors: [{name:'wt',values:m.wt,type:'numeric'}, {name:'hp',values:m.hp,type:'numeric'}], profile: false });
console.log(f.coefficients.map(c=>[c.term,c.estimate,c.se]), m.se, f.iterations);
