namespace TableLoad.Cli;

/// <summary>Reads one condition of a gate option, or says in a sentence (after the condition's name) why it cannot.</summary>
internal delegate bool ConditionReader<T>(string condition, out T parsed, out string fault);
