/** The part of web-ext's Node API the Firefox smoke test uses (the package ships no types). */
declare module 'web-ext' {
  interface RunOptions {
    sourceDir: string;
    firefox: string;
    target?: string[];
    args?: string[];
    pref?: Record<string, string | number | boolean>;
    noReload?: boolean;
    noInput?: boolean;
    browserConsole?: boolean;
  }
  interface ExtensionRunner {
    exit(): Promise<void>;
  }
  const webExt: {
    cmd: {
      run(options: RunOptions, deps?: { shouldExitProgram?: boolean }): Promise<ExtensionRunner>;
    };
  };
  export default webExt;
}
