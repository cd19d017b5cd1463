namespace TableLoad.Settings;

/// <summary>Input the user got wrong; its message is the one sentence TableLoad prints (exit code 2).</summary>
internal sealed class UsageException(string message) : Exception(message);
