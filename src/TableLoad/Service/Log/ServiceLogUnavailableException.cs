namespace TableLoad.Service.Log;

/// <summary>The log could not be read at all (its container does not exist, no access): summary.json's <c>service.log.unavailable</c> says why.</summary>
internal sealed class ServiceLogUnavailableException(string why, Exception inner) : Exception(why, inner);
