// The bank-account page's form engine, asked for as soon as the page's module runs
// (bank-account-page.tsx; `loadsLater` in the route table has its files counted). The page renders
// the form through this function once the module has run: the element's type is then always the
// same component, whichever render first had the module.
import { createElement, type ReactElement } from 'react';
import { CountryVariantForm, type CountryVariantFormProps } from '../../../components/schema-form';

export const countryVariantForm = (props: CountryVariantFormProps): ReactElement =>
  createElement(CountryVariantForm, props);
