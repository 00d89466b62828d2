// Form pieces with react-hook-form, a separate entry (`@shop/ui/form`): the shared `@shop/ui`
// chunk every page loads stays without the form library; only pages with forms bundle this.
export * from './form-field';
export * from './server-issues';
export * from './server-field-errors';
