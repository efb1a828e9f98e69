# Registers the Rangsi Helper as a scheduled task that starts at log-on (apps/helper/README.md "Windows").
# Run in PowerShell from the folder holding the Rangsi checkout:  .\apps\helper\deploy\install-windows-task.ps1 -Server https://ris.example.org
param(
  [Parameter(Mandatory = $true)][string]$Server,
  [string]$Root = (Resolve-Path "$PSScriptRoot\..\..\..").Path,
  [string]$Viewer = 'C:\Program Files\RadiAntViewer\RadiAntViewer.exe'
)
$node = (Get-Command node.exe).Source
$arguments = "--import tsx apps/helper/src/main.ts --server $Server --viewer-command `"[\`"$($Viewer -replace '\\','\\')\`",\`"-d\`",\`"{folder}\`"]`""
$action = New-ScheduledTaskAction -Execute $node -Argument $arguments -WorkingDirectory $Root
$trigger = New-ScheduledTaskTrigger -AtLogOn -User $env:USERNAME
$settings = New-ScheduledTaskSettingsSet -RestartCount 3 -RestartInterval (New-TimeSpan -Minutes 1) -ExecutionTimeLimit ([TimeSpan]::Zero)
Register-ScheduledTask -TaskName 'Rangsi Helper' -Action $action -Trigger $trigger -Settings $settings -Force
Start-ScheduledTask -TaskName 'Rangsi Helper'
