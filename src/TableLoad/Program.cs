using TableLoad.Cli;

return await TableLoadCli.InvokeAsync(args);
