// Jest stands this in for every imported stylesheet: specs run components, not the bundler's CSS pipeline.
export {};
