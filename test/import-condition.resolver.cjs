// The unit and integration projects' resolver (jest.config.mjs). A few ES-module-only packages (kubernetes-models
// and its @kubernetes-models family) export their files under the `import` condition alone, which
// jest's CommonJS runtime does not ask for. When the `require` conditions find nothing, this resolves
// the request as `import` would; the transform then compiles the file to CommonJS like our sources.
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (error) {
    if (!options.conditions || options.conditions.includes('import')) throw error;
    try {
      return options.defaultResolver(request, { ...options, conditions: [...options.conditions, 'import'] });
    } catch {
      throw error;
    }
  }
};
