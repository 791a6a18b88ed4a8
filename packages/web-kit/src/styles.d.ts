/** The bundlers (rsbuild in the shell and the remotes) take a component's own stylesheet. */
declare module '*.css';
