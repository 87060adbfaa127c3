import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Services: () => import('./ServicesPage'),
  ServicePrices: () => import('./ServicePricesPage'),
  PriceRules: () => import('./PriceRulesPage'),
  PriceRulesCreate: () => import('./PriceRuleFormPage'),
  PriceRulesEdit: () => import('./PriceRuleFormPage'),
};
