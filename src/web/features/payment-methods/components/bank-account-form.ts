// The bank-account page's form engine, loaded beside the page rather than before it
// (bank-account-page.tsx; `alongside` in the route table announces and counts its files).
export { CountryVariantForm as default } from '../../../components/schema-form';
