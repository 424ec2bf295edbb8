export { DecisionLayout as default } from '../_components/site-header';
