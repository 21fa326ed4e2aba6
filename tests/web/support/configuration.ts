// Configuration variants for the layout tests: the demo merchant with some branding or business
// rules changed, served by the mocked HTTP layer.
import { http, HttpResponse } from 'msw';
import type { Branding } from '../../../src/core/types/entities/branding';
import type { BusinessRules } from '../../../src/core/types/entities/business-rules';
import { configuration } from './server';

export const configsWith = (over: {
  branding?: Partial<Branding>;
  businessRules?: Partial<BusinessRules>;
  supportedLocales?: string[];
}) =>
  http.get('/master/funnel/v1/configs', () =>
    HttpResponse.json({
      data: {
        ...configuration,
        branding: { ...configuration.branding, ...over.branding },
        businessRules: { ...configuration.businessRules, ...over.businessRules },
        supportedLocales: over.supportedLocales ?? configuration.supportedLocales,
      },
    }),
  );
